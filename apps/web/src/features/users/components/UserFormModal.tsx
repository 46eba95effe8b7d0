import { PASSWORD_RULE, PROFILE_LABELS, PROFILE_TYPES, type ProfileType, type UserRow } from "@certidesk/shared";
import { Alert, Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useLinkOptions } from "../api/get-link-options";
import { useCreateUser, useUpdateUser } from "../api/save-user";

interface FormState {
  identifier: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  profileType: ProfileType;
  auditorId: string | null;
  clientId: string | null;
}

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
}: {
  kind: "auditor" | "client";
  value: string | null;
  initialLabel: string | null;
  onChange: (v: string | null) => void;
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
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="Aucun résultat"
    />
  );
}

export function UserFormModal({
  user,
  opened,
  onClose,
}: {
  user: UserRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const creating = !user;
  const [form, setForm] = useState<FormState>(EMPTY);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = creating ? create : update;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for a user.
  useEffect(() => {
    if (!opened) return;
    create.reset();
    update.reset();
    setForm(user ? { ...EMPTY, ...user, email: user.email ?? "", password: "" } : EMPTY);
  }, [opened, user]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const common = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      profileType: form.profileType,
      auditorId: form.profileType === "AUDITEUR" ? form.auditorId : null,
      clientId: form.profileType === "MYQUALIANOR" ? form.clientId : null,
    };
    const saved = creating
      ? await create.mutateAsync({ ...common, identifier: form.identifier, password: form.password }).catch(() => null)
      : await update.mutateAsync({ id: user.id, body: { ...common, version: user.version } }).catch(() => null);
    if (!saved) return;
    notifySaved();
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={creating ? "Nouvel utilisateur" : `Modifier ${user.identifier}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {mutation.isError && (
            <Alert color="red" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Identifiant"
              value={form.identifier}
              onChange={(e) => set("identifier", e.currentTarget.value)}
              disabled={!creating}
              required
            />
            {creating && (
              <PasswordInput
                label="Mot de passe initial"
                description={PASSWORD_RULE}
                value={form.password}
                onChange={(e) => set("password", e.currentTarget.value)}
                required
              />
            )}
            <TextInput
              label="Prénom"
              value={form.firstName}
              onChange={(e) => set("firstName", e.currentTarget.value)}
              required
            />
            <TextInput
              label="Nom"
              value={form.lastName}
              onChange={(e) => set("lastName", e.currentTarget.value)}
              required
            />
            <TextInput
              label="E-mail"
              type="email"
              value={form.email}
              onChange={(e) => set("email", e.currentTarget.value)}
            />
            <Select
              label="Profil"
              required
              allowDeselect={false}
              data={PROFILE_TYPES.map((p) => ({ value: p, label: `${PROFILE_LABELS[p]} (${p})` }))}
              value={form.profileType}
              onChange={(v) => v && set("profileType", v as ProfileType)}
            />
          </SimpleGrid>
          {form.profileType === "AUDITEUR" && (
            <LinkSelect
              kind="auditor"
              value={form.auditorId}
              initialLabel={user?.auditorName ?? null}
              onChange={(v) => set("auditorId", v)}
            />
          )}
          {form.profileType === "MYQUALIANOR" && (
            <LinkSelect
              kind="client"
              value={form.clientId}
              initialLabel={user?.clientName ?? null}
              onChange={(v) => set("clientId", v)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
