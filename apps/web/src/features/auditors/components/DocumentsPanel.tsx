import {
  AUDITOR_DOCUMENT_KIND_LABELS,
  AUDITOR_DOCUMENT_KINDS,
  AUDITOR_DOCUMENT_VALIDITY_MONTHS,
  type AuditorDocumentKind,
  type AuditorDocuments,
  formatDate,
} from "@certidesk/shared";
import { Alert, Anchor, Badge, Button, FileInput, Group, List, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { DataTable, type DataTableColumn, DateField } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useAuditorDocuments } from "../api/get-auditor-documents";
import { useUploadAuditorDocument } from "../api/upload-auditor-document";

const STATE = {
  VALID: { color: "green", label: "Valide" },
  EXPIRING: { color: "orange", label: "Expire bientôt" },
  EXPIRED: { color: "red", label: "Expiré" },
} as const;

type AuditorDocument = AuditorDocuments["documents"][number];
const DOCUMENT_COLUMNS: DataTableColumn<AuditorDocument>[] = [
  { key: "kind", title: "Type", render: (d) => (d.kind ? AUDITOR_DOCUMENT_KIND_LABELS[d.kind] : d.name) },
  {
    key: "fileName",
    title: "Fichier",
    width: 220,
    priority: 1,
    render: (d) => (
      <Anchor href={d.url} target="_blank" rel="noopener" size="sm">
        {d.fileName}
      </Anchor>
    ),
  },
  {
    key: "validUntil",
    title: "Valide jusqu'au",
    width: 150,
    priority: 1,
    render: (d) => (d.validUntil ? formatDate(d.validUntil) : "Sans limite"),
  },
  {
    key: "state",
    title: "État",
    width: 150,
    render: (d) => (
      <Badge color={STATE[d.state].color} variant="light">
        {STATE[d.state].label}
      </Badge>
    ),
  },
];

const addMonths = (months: number) => {
  const d = new Date();
  d.setMonth(d.getMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** The evaluator's documents (CV, diplomas, training, impartiality declaration, insurance, URSSAF) and their validity. */
export function DocumentsPanel({ auditorId, canEdit }: { auditorId: string; canEdit: boolean }) {
  const { data } = useAuditorDocuments(auditorId);
  const upload = useUploadAuditorDocument(auditorId);
  const [kind, setKind] = useState<AuditorDocumentKind | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const needsValidity = kind ? AUDITOR_DOCUMENT_VALIDITY_MONTHS[kind] !== null : false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!kind || !file) return;
    await upload.mutateAsync({ kind, validUntil, file }).then(
      () => {
        notifySaved("Document enregistré.");
        setKind(null);
        setValidUntil(null);
        setFile(null);
      },
      () => undefined,
    );
  }

  return (
    <Stack>
      {data && data.missing.length > 0 && (
        <Alert color="red" title="Documents manquants ou expirés aujourd'hui">
          <List size="sm">
            {data.missing.map((m) => (
              <List.Item key={m.kind}>{m.label}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {data && data.documents.length > 0 && (
        <DataTable
          aria-label="Documents de l'évaluateur"
          columns={DOCUMENT_COLUMNS}
          rows={data.documents}
          getRowKey={(d) => d.id}
          manualSorting
          manualFiltering
          maxHeight="none"
        />
      )}
      {data?.documents.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucun document déposé.
        </Text>
      )}
      {canEdit && (
        <Paper withBorder p="md">
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                Déposer un document
              </Title>
              <Group grow align="flex-start">
                <Select
                  label="Type de document"
                  required
                  data={AUDITOR_DOCUMENT_KINDS.map((k) => ({ value: k, label: AUDITOR_DOCUMENT_KIND_LABELS[k] }))}
                  value={kind}
                  onChange={(v) => {
                    const k = v as AuditorDocumentKind | null;
                    setKind(k);
                    const months = k ? AUDITOR_DOCUMENT_VALIDITY_MONTHS[k] : null;
                    setValidUntil(months ? addMonths(months) : null);
                  }}
                />
                <DateField
                  label="Valide jusqu'au"
                  value={validUntil}
                  onChange={(v) => setValidUntil(v || null)}
                  required={needsValidity}
                  description={needsValidity ? "Obligatoire pour ce type" : "Facultatif"}
                />
              </Group>
              <FileInput
                label="Fichier"
                required
                placeholder="Choisir un fichier (PDF, image…)"
                value={file}
                onChange={setFile}
                leftSection={<IconUpload size={16} />}
              />
              {upload.isError && (
                <Text c="red" size="sm" role="alert">
                  {errorMessage(upload.error)}
                </Text>
              )}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  loading={upload.isPending}
                  disabled={!kind || !file || (needsValidity && !validUntil)}
                >
                  Déposer
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
