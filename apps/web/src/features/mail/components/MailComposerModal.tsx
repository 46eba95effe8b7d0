import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useMailGroups } from "../api/get-mail-groups";
import { useSendMail } from "../api/send-mail";
import { mergeEmails } from "../email-list";
import { type AttachmentOption, AttachmentPicker } from "./AttachmentPicker";
import { EmailTagsInput } from "./EmailTagsInput";

interface Draft {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  attachments: AttachmentOption[];
}
const EMPTY: Draft = { to: [], cc: [], subject: "", body: "", attachments: [] };

/** "Nouvel e-mail": written here, queued in the outbox, sent by the worker when SMTP is there. */
export function MailComposerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted only while open: a blank mail each time the composer opens.
  return (
    <FormModal opened={opened} onClose={onClose} title="Nouvel e-mail" size="xl">
      <MailComposer onClose={onClose} />
    </FormModal>
  );
}

function MailComposer({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMail();
  const groups = useMailGroups(true);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function addGroup(id: string | null) {
    const group = groups.data?.find((g) => g.id === id);
    if (group) set("to", mergeEmails(draft.to, group.emails).emails);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.to.length === 0) return setProblem("Indiquez au moins un destinataire.");
    if (!draft.subject.trim()) return setProblem("L'objet est obligatoire.");
    if (!draft.body.trim()) return setProblem("Le message est obligatoire.");
    setProblem(null);
    const mail = await send
      .mutateAsync({
        to: draft.to,
        cc: draft.cc,
        subject: draft.subject,
        body: draft.body,
        documentIds: draft.attachments.map((a) => a.value),
      })
      .catch(() => null);
    if (!mail) return;
    notifySaved(mail.status === "SENT" ? "E-mail envoyé." : "E-mail enregistré dans la file d'envoi.");
    onClose();
  }

  const error = problem ?? (send.isError ? errorMessage(send.error) : null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-start" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <EmailTagsInput label="À" required value={draft.to} onChange={(v) => set("to", v)} />
          </div>
          <Select
            label="Liste de diffusion"
            placeholder={
              groups.isError
                ? "Listes indisponibles"
                : groups.data?.length === 0
                  ? "Aucune liste définie"
                  : "Ajouter une liste…"
            }
            data={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.emails.length})` }))}
            value={null}
            onChange={addGroup}
            disabled={groups.isError || groups.data?.length === 0}
            nothingFoundMessage="Aucune liste"
            w={230}
          />
        </Group>
        <EmailTagsInput label="Copie" value={draft.cc} onChange={(v) => set("cc", v)} />
        <TextInput
          label="Objet"
          required
          maxLength={300}
          value={draft.subject}
          onChange={(e) => set("subject", e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={8}
          maxRows={16}
          value={draft.body}
          onChange={(e) => set("body", e.currentTarget.value)}
        />
        <AttachmentPicker value={draft.attachments} onChange={(v) => set("attachments", v)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" loading={send.isPending}>
            Envoyer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
