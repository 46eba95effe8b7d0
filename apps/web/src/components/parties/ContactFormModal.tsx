import { type Contact, formatPhone, type UpdateContactBody, updateContactBodySchema } from "@certidesk/shared";
import { Checkbox } from "@mantine/core";
import { useZodForm } from "../../lib/form/use-zod-form";
import { notifySaved } from "../../lib/notify";
import { FormContent, FormModal } from "../form-modal/FormModal";
import { useAddContact, useUpdateContact } from "./parties-api";
import { bindFields, ContactFields, type ContactForm, EMPTY_CONTACT } from "./party-fields";

type Form = ContactForm & { isMain: boolean };

/** What the dialog edits: a contact as shown (with its version), or a new one for an establishment. */
export type ContactTarget = { contact: Contact } | { clientId: string };

const toForm = (contact: Contact): Form => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  occupation: contact.occupation ?? "",
  tel: formatPhone(contact.tel),
  mobilePhone: formatPhone(contact.mobilePhone),
  email: contact.email ?? "",
  isMain: contact.isMain,
});

function ContactEditForm({ target, onClose }: { target: ContactTarget; onClose: () => void }) {
  const update = useUpdateContact();
  const add = useAddContact();
  const existing = "contact" in target ? target.contact : null;
  const { form, submit, banner } = useZodForm<Form, UpdateContactBody>({
    initialValues: existing ? toForm(existing) : { ...EMPTY_CONTACT, isMain: false },
    schema: updateContactBodySchema,
    toBody: (values) => ({ ...values, version: existing?.version ?? 1 }),
  });
  const onSubmit = submit(async ({ version, ...body }) => {
    if (existing) await update.mutateAsync({ id: existing.id, body: { ...body, version } });
    else if ("clientId" in target) await add.mutateAsync({ clientId: target.clientId, body });
    notifySaved();
    onClose();
  });
  // Only an establishment has a main contact (a legal entity's contact has none).
  const canBeMain = !existing || existing.clientId !== null;
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel={existing ? "Enregistrer" : "Ajouter"}
      loading={update.isPending || add.isPending}
    >
      <ContactFields field={bindFields(form, "")} />
      {canBeMain && (
        <Checkbox
          label="Contact principal de l'établissement"
          {...form.getInputProps("isMain", { type: "checkbox" })}
        />
      )}
    </FormContent>
  );
}

/** Edits a contact of an establishment or of its legal entity, or adds one to an establishment. */
export function ContactFormModal({
  target,
  onClose,
}: {
  /** Null: closed. */
  target: ContactTarget | null;
  onClose: () => void;
}) {
  const title = target && "contact" in target ? "Modifier le contact" : "Ajouter un contact";
  return (
    <FormModal opened={target !== null} onClose={onClose} title={title} size="lg">
      {target && <ContactEditForm target={target} onClose={onClose} />}
    </FormModal>
  );
}
