import { type MailGroup, saveMailGroupBodySchema } from "@certidesk/shared";
import { Textarea, TextInput } from "@mantine/core";
import { FormContent, FormModal } from "../../../../components";
import { useZodForm } from "../../../../lib/form/use-zod-form";
import { notifySaved } from "../../../../lib/notify";
import { useCreateMailGroup, useUpdateMailGroup } from "../../api/save-mail-group";
import { EmailTagsInput } from "../EmailTagsInput";

type FormState = { name: string; description: string; emails: string[] };
const EMPTY: FormState = { name: "", description: "", emails: [] };

type Props = {
  /** null creates a list. */
  group: MailGroup | null;
  opened: boolean;
  onClose: () => void;
};

export function MailGroupFormModal({ group, opened, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? `Modifier la liste « ${group.name} »` : "Nouvelle liste d'e-mails"}
      size="lg"
    >
      <MailGroupForm group={group} onClose={onClose} />
    </FormModal>
  );
}

function MailGroupForm({ group, onClose }: Omit<Props, "opened">) {
  const create = useCreateMailGroup();
  const update = useUpdateMailGroup();
  const { form, submit, banner } = useZodForm({
    initialValues: group ? { name: group.name, description: group.description ?? "", emails: group.emails } : EMPTY,
    schema: saveMailGroupBodySchema,
    toBody: (values) => ({
      name: values.name.trim(),
      description: values.description.trim() || null,
      emails: values.emails,
    }),
    // "emails.2" is one tag of the one field.
    toFormPath: (path) => (path.startsWith("emails") ? "emails" : path),
  });
  const onSubmit = submit(async (body) => {
    const saved = group
      ? await update.mutateAsync({ id: group.id, body: { ...body, version: group.version } })
      : await create.mutateAsync(body);
    notifySaved(`Liste « ${saved.name} » enregistrée.`);
    onClose();
  });
  const emails = form.getInputProps("emails");
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={create.isPending || update.isPending}
    >
      <TextInput label="Nom de la liste" required maxLength={120} {...form.getInputProps("name")} />
      <Textarea label="Description" autosize minRows={2} maxLength={500} {...form.getInputProps("description")} />
      <EmailTagsInput
        label="Adresses"
        description="Saisissez ou collez les adresses, séparées par une virgule, un point-virgule ou un espace."
        required
        value={form.getValues().emails}
        onChange={(v) => form.setFieldValue("emails", v)}
        error={emails.error ? String(emails.error) : null}
      />
    </FormContent>
  );
}
