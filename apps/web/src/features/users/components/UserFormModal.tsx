import {
  type CreateUserBody,
  createUserBodySchema,
  PASSWORD_RULE,
  PROFILE_LABELS,
  PROFILE_TYPES,
  type ProfileType,
  type UpdateUserBody,
  type UserRow,
  updateUserBodySchema,
} from "@certidesk/shared";
import { PasswordInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type ReactNode, useState } from "react";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useSession } from "../../../lib/session-context";
import { useLinkOptions } from "../api/get-link-options";
import { useCreateUser, useUpdateUser } from "../api/save-user";

type FormState = {
  identifier: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  profileType: ProfileType;
  auditorId: string | null;
  clientId: string | null;
};

const EMPTY: FormState = {
  identifier: "",
  password: "",
  firstName: "",
  lastName: "",
  email: "",
  profileType: "CC",
  auditorId: null,
  clientId: null,
};

function LinkSelect({
  kind,
  value,
  initialLabel,
  onChange,
  error,
  onBlur,
}: {
  kind: "auditor" | "client";
  value?: string | null;
  initialLabel: string | null;
  onChange?: (v: string | null) => void;
  error?: ReactNode;
  onBlur?: () => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const { data = [] } = useLinkOptions(kind, debounced || undefined, true);
  const options =
    value && initialLabel && !data.some((o) => o.value === value) ? [{ value, label: initialLabel }, ...data] : data;
  return (
    <Select
      label={kind === "auditor" ? "Évaluateur rattaché" : "Client rattaché"}
      placeholder="Rechercher…"
      searchable
      required
      data={options}
      value={value ?? null}
      onChange={(v) => onChange?.(v)}
      error={error}
      onBlur={onBlur}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched every word (accents and case ignored): keep its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage="Aucun résultat"
    />
  );
}

type Props = { user: UserRow | null; opened: boolean; onClose: () => void };

export function UserFormModal({ user, opened, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={user ? `Modifier ${user.identifier}` : "Nouvel utilisateur"}
      size="lg"
    >
      <UserForm user={user} onClose={onClose} />
    </FormModal>
  );
}

/** The body of either call: a new user carries an identifier and a password, an edit a version. */
function toBody(form: FormState, user: UserRow | null): CreateUserBody | UpdateUserBody {
  const common = {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    profileType: form.profileType,
    auditorId: form.profileType === "AUDITEUR" ? form.auditorId : null,
    clientId: form.profileType === "MYQUALIANOR" ? form.clientId : null,
  };
  return user
    ? { ...common, version: user.version }
    : { ...common, identifier: form.identifier, password: form.password };
}

function UserForm({ user, onClose }: Omit<Props, "opened">) {
  const { user: me } = useSession();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { form, submit, banner } = useZodForm<FormState, CreateUserBody | UpdateUserBody>({
    initialValues: user ? { ...EMPTY, ...user, email: user.email ?? "", password: "" } : EMPTY,
    schema: user ? updateUserBodySchema : createUserBodySchema,
    toBody: (values) => toBody(values, user),
  });
  const values = form.getValues();
  const onSubmit = submit(async (body) => {
    if (user) await update.mutateAsync({ id: user.id, body: body as UpdateUserBody });
    else await create.mutateAsync(body as CreateUserBody);
    notifySaved();
    onClose();
  });

  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={create.isPending || update.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Identifiant" disabled={!!user} required {...form.getInputProps("identifier")} />
        {!user && (
          <PasswordInput
            label="Mot de passe provisoire"
            autoComplete="new-password"
            description={`À lui communiquer : il choisira le sien à sa première connexion. ${PASSWORD_RULE}`}
            required
            {...form.getInputProps("password")}
          />
        )}
        <TextInput label="Prénom" required {...form.getInputProps("firstName")} />
        <TextInput label="Nom" required {...form.getInputProps("lastName")} />
        <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
        <Select
          label="Profil"
          required
          allowDeselect={false}
          disabled={!!user && user.id === me?.id}
          description={user && user.id === me?.id ? "Vous ne pouvez pas changer votre propre profil." : undefined}
          data={PROFILE_TYPES.map((p) => ({ value: p, label: PROFILE_LABELS[p] }))}
          {...form.getInputProps("profileType")}
        />
      </SimpleGrid>
      {values.profileType === "AUDITEUR" && (
        <LinkSelect kind="auditor" initialLabel={user?.auditorName ?? null} {...form.getInputProps("auditorId")} />
      )}
      {values.profileType === "MYQUALIANOR" && (
        <LinkSelect kind="client" initialLabel={user?.clientName ?? null} {...form.getInputProps("clientId")} />
      )}
    </FormContent>
  );
}
