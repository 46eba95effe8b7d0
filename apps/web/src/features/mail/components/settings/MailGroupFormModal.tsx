import type { MailGroup } from "@certidesk/shared";
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../../lib/api-client";
import { notifySaved } from "../../../../lib/notify";
import { useCreateMailGroup, useUpdateMailGroup } from "../../api/save-mail-group";
import { EmailTagsInput } from "../EmailTagsInput";

interface FormState {
  name: string;
  description: string;
  emails: string[];
}
const EMPTY: FormState = { name: "", description: "", emails: [] };

export function MailGroupFormModal({
  group,
  opened,
  onClose,
}: {
  /** null creates a list. */
  group: MailGroup | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateMailGroup();
  const update = useUpdateMailGroup();
  const mutation = group ? update : create;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens.
  useEffect(() => {
    if (!opened) return;
    create.reset();
    update.reset();
    setProblem(null);
    setForm(group ? { name: group.name, description: group.description ?? "", emails: group.emails } : EMPTY);
  }, [opened, group]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.name.trim()) return setProblem("Le nom de la liste est obligatoire.");
    if (form.emails.length === 0) return setProblem("Indiquez au moins une adresse.");
    setProblem(null);
    const body = { name: form.name.trim(), description: form.description.trim() || null, emails: form.emails };
    const saved = group
      ? await update.mutateAsync({ id: group.id, body: { ...body, version: group.version } }).catch(() => null)
      : await create.mutateAsync(body).catch(() => null);
    if (!saved) return;
    notifySaved(`Liste « ${saved.name} » enregistrée.`);
    onClose();
  }

  const error = problem ?? (mutation.isError ? errorMessage(mutation.error) : null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? `Modifier la liste « ${group.name} »` : "Nouvelle liste d'e-mails"}
      size="lg"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Nom de la liste"
            required
            maxLength={120}
            value={form.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={500}
            value={form.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          <EmailTagsInput
            label="Adresses"
            description="Saisissez ou collez les adresses, séparées par une virgule, un point-virgule ou un espace."
            required
            value={form.emails}
            onChange={(v) => set("emails", v)}
          />
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
