import type { MailRecipientOption } from "@certidesk/shared";
import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useMailGroups } from "../api/get-mail-groups";
import { useRecipientOptions } from "../api/get-recipient-options";
import { useSendMail } from "../api/send-mail";
import { mergeEmails } from "../email-list";
import { type AttachmentOption, AttachmentPicker } from "./AttachmentPicker";
import { EmailTagsInput } from "./EmailTagsInput";

interface Draft {
  /** The establishment the mail is about: its timeline shows the mail, its contacts are suggested. */
  client: MailRecipientOption | null;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  attachments: AttachmentOption[];
}
const EMPTY: Draft = { client: null, to: [], cc: [], subject: "", body: "", attachments: [] };

/**
 * "Client" of the composer: an establishment searched word by word; choosing it suggests its contacts'
 * addresses (the main one goes into an empty "À" at once, the others are one click away).
 */
function ClientChoice({
  value,
  onChange,
}: {
  value: MailRecipientOption | null;
  onChange: (option: MailRecipientOption | null) => void;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const options = useRecipientOptions(debounced, true);
  const found = options.data ?? [];
  const all = value && !found.some((o) => o.clientId === value.clientId) ? [value, ...found] : found;
  return (
    <Select
      label="Client"
      placeholder="Rechercher un établissement ou un contact"
      searchable
      clearable
      filter={({ options: items }) => items}
      data={all.map((o) => ({ value: o.clientId, label: `${o.raisonSocial}${o.city ? ` — ${o.city}` : ""}` }))}
      value={value?.clientId ?? null}
      onChange={(id) => onChange(all.find((o) => o.clientId === id) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? "Recherche…" : "Aucun établissement"}
    />
  );
}

/** "Nouvel e-mail": written here, queued in the outbox, sent by the worker when SMTP is there. */
export function MailComposerModal({
  opened,
  onClose,
  clientName,
}: {
  opened: boolean;
  onClose: () => void;
  /** The establishment to write to, by name (an alert's "Envoyer un e-mail"): chosen when found. */
  clientName?: string;
}) {
  // Mounted only while open: a blank mail each time the composer opens.
  return (
    <FormModal opened={opened} onClose={onClose} title="Nouvel e-mail" size="xl">
      <MailComposer onClose={onClose} clientName={clientName} />
    </FormModal>
  );
}

function MailComposer({ onClose, clientName = "" }: { onClose: () => void; clientName?: string }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // The named establishment, looked up once: chosen (with its main contact) when its name matches.
  const [presetDone, setPresetDone] = useState(clientName === "");
  const preset = useRecipientOptions(clientName, !presetDone);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendMail();
  const groups = useMailGroups(true);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function chooseClient(client: MailRecipientOption | null) {
    const main = client?.contacts.find((c) => c.isMain) ?? client?.contacts[0];
    setDraft((d) => ({ ...d, client, to: d.to.length === 0 && main ? [main.email] : d.to }));
  }
  if (!presetDone && preset.isSuccess && !preset.isPlaceholderData) {
    setPresetDone(true);
    const wanted = clientName.trim().toLowerCase();
    const found = preset.data.find((o) => o.raisonSocial.trim().toLowerCase() === wanted);
    if (found) chooseClient(found);
  }
  const suggestions = (draft.client?.contacts ?? []).filter(
    (c) => !draft.to.some((to) => to.toLowerCase() === c.email.toLowerCase()),
  );

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
        clientId: draft.client?.clientId ?? null,
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
        <ClientChoice value={draft.client} onChange={chooseClient} />
        <Group align="flex-start" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <EmailTagsInput label="À" required value={draft.to} onChange={(v) => set("to", v)} />
            {suggestions.length > 0 && (
              <Group gap={6} mt={6} role="group" aria-label="Adresses des contacts du client">
                <Text size="xs" c="dimmed">
                  Contacts :
                </Text>
                {suggestions.map((c) => (
                  <Button
                    key={c.email}
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconPlus size={12} />}
                    onClick={() => set("to", mergeEmails(draft.to, [c.email]).emails)}
                  >
                    {c.name} &lt;{c.email}&gt;
                  </Button>
                ))}
              </Group>
            )}
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
