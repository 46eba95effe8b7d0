import { DOCUMENT_FAMILY_LABELS, DOCUMENT_TYPES, type DocumentRow } from "@certidesk/shared";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { useDocumentCategories } from "../api/get-document-categories";
import { useUpdateDocument } from "../api/update-document";

interface FormState {
  name: string;
  description: string;
  documentType: string | null;
  categoryId: string | null;
}

/** Rename and classify a document (its file is changed by a new version). */
export function EditDocumentModal({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  const [form, setForm] = useState<FormState>({ name: "", description: "", documentType: null, categoryId: null });
  const update = useUpdateDocument();
  const { data: categories = [] } = useDocumentCategories();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another document is opened.
  useEffect(() => {
    if (!document) return;
    update.reset();
    setForm({
      name: document.name,
      description: document.description ?? "",
      documentType: document.documentType,
      categoryId: document.categoryId,
    });
  }, [document]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!document) return;
    const saved = await update
      .mutateAsync({
        id: document.id,
        body: {
          name: form.name,
          description: form.description.trim() || null,
          documentType: (form.documentType as (typeof DOCUMENT_TYPES)[number] | null) ?? null,
          categoryId: form.categoryId,
          version: document.version,
        },
      })
      .catch(() => null);
    if (!saved) return;
    notifySaved();
    onClose();
  }

  const familyCategories = categories.filter((c) => c.family === document?.family);
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title="Renommer et classer"
      size="lg"
      closeButtonProps={{ "aria-label": "Fermer" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {update.isError && (
            <Alert color="red" role="alert">
              {errorMessage(update.error)}
            </Alert>
          )}
          {document && (
            <Text size="sm" c="dimmed">
              {DOCUMENT_FAMILY_LABELS[document.family]}
              {document.clientName ? ` · ${document.clientName}` : ""}
              {document.auditorName ? ` · ${document.auditorName}` : ""} · fichier {document.fileName}
            </Text>
          )}
          <TextInput
            label="Nom du document"
            required
            maxLength={200}
            value={form.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              placeholder="Aucun"
              clearable
              data={[...DOCUMENT_TYPES]}
              value={form.documentType}
              onChange={(v) => set("documentType", v)}
            />
            <Select
              label="Catégorie"
              placeholder="Aucune"
              clearable
              data={familyCategories.map((c) => ({ value: c.id, label: c.name }))}
              value={form.categoryId}
              onChange={(v) => set("categoryId", v)}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={1000}
            value={form.description}
            onChange={(e) => set("description", e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={update.isPending}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
