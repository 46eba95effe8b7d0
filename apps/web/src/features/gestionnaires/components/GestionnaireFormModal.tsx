import { formatPhone, type GestionnaireBody, type GestionnaireDetail, gestionnaireBodySchema } from "@certidesk/shared";
import { SimpleGrid, TextInput } from "@mantine/core";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useCreateGestionnaire, useUpdateGestionnaire } from "../api/gestionnaires";

const EMPTY = { raisonSocial: "", siren: "", address: "", postalCode: "", city: "", email: "", phone: "" };
type Form = typeof EMPTY;

const toForm = (g: GestionnaireDetail | null | undefined): Form =>
  g
    ? {
        raisonSocial: g.raisonSocial,
        siren: g.siren ?? "",
        address: g.address ?? "",
        postalCode: g.postalCode ?? "",
        city: g.city ?? "",
        email: g.email ?? "",
        phone: formatPhone(g.phone),
      }
    : EMPTY;

interface Props {
  opened: boolean;
  onClose: () => void;
  gestionnaire?: GestionnaireDetail | null;
  onCreated?: (id: string) => void;
}

/** Creates a managing organisation, or edits one (with its version: a stale edit is refused). */
export function GestionnaireFormModal({ opened, onClose, gestionnaire, onCreated }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={gestionnaire ? `Modifier ${gestionnaire.raisonSocial}` : "Nouveau gestionnaire"}
      size="lg"
    >
      <GestionnaireForm gestionnaire={gestionnaire} onClose={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

function GestionnaireForm({ onClose, gestionnaire, onCreated }: Omit<Props, "opened">) {
  const create = useCreateGestionnaire();
  const update = useUpdateGestionnaire();
  const { form, submit, banner } = useZodForm<Form, GestionnaireBody>({
    initialValues: toForm(gestionnaire),
    schema: gestionnaireBodySchema,
  });
  const onSubmit = submit(async (body) => {
    const saved = gestionnaire
      ? await update.mutateAsync({ id: gestionnaire.id, body: { ...body, version: gestionnaire.version } })
      : await create.mutateAsync(body);
    notifySaved();
    onClose();
    if (!gestionnaire) onCreated?.(saved.id);
  });
  const phone = form.getInputProps("phone");

  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={create.isPending || update.isPending}
    >
      <TextInput label="Raison sociale" required {...form.getInputProps("raisonSocial")} />
      <SimpleGrid cols={2}>
        <TextInput label="SIREN" maxLength={11} {...form.getInputProps("siren")} />
        <TextInput
          label="Téléphone"
          type="tel"
          {...phone}
          onBlur={(event) => {
            form.setFieldValue("phone", formatPhone(event.currentTarget.value));
            phone.onBlur?.(event);
          }}
        />
      </SimpleGrid>
      <TextInput label="Adresse" {...form.getInputProps("address")} />
      <SimpleGrid cols={2}>
        <TextInput label="Code postal" maxLength={5} inputMode="numeric" {...form.getInputProps("postalCode")} />
        <TextInput label="Ville" {...form.getInputProps("city")} />
      </SimpleGrid>
      <TextInput label="E-mail" type="email" {...form.getInputProps("email")} />
    </FormContent>
  );
}
