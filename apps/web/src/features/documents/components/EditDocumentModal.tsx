import {
  DOCUMENT_FAMILY_LABELS,
  DOCUMENT_TYPES,
  type DocumentRow,
  type UpdateDocumentBody,
  updateDocumentBodySchema,
} from "@certidesk/shared";
import { Select, SimpleGrid, Text, Textarea, TextInput } from "@mantine/core";
import { FormContent, FormModal } from "../../../components";
import { useZodForm } from "../../../lib/form/use-zod-form";
import { notifySaved } from "../../../lib/notify";
import { useDocumentCategories } from "../api/get-document-categories";
import { useUpdateDocument } from "../api/update-document";

type FormState = {
  name: string;
  description: string;
  documentType: string | null;
  categoryId: string | null;
};

/** Rename and classify a document (its file is changed by a new version). */
export function EditDocumentModal({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  return (
    <FormModal opened={document !== null} onClose={onClose} title="Renommer et classer" size="lg">
      {document && <EditDocumentForm key={document.id} document={document} onClose={onClose} />}
    </FormModal>
  );
}

function EditDocumentForm({ document, onClose }: { document: DocumentRow; onClose: () => void }) {
  const update = useUpdateDocument();
  const { data: categories = [] } = useDocumentCategories();
  const { form, submit, banner } = useZodForm<FormState, UpdateDocumentBody>({
    initialValues: {
      name: document.name,
      description: document.description ?? "",
      documentType: document.documentType,
      categoryId: document.categoryId,
    },
    schema: updateDocumentBodySchema,
    toBody: (values) => ({
      name: values.name,
      description: values.description.trim() || null,
      documentType: (values.documentType as (typeof DOCUMENT_TYPES)[number] | null) ?? null,
      categoryId: values.categoryId,
      version: document.version,
    }),
  });
  const onSubmit = submit(async (body) => {
    await update.mutateAsync({ id: document.id, body });
    notifySaved();
    onClose();
  });
  const familyCategories = categories.filter((c) => c.family === document.family);
  return (
    <FormContent
      onSubmit={onSubmit}
      onCancel={onClose}
      banner={banner}
      submitLabel="Enregistrer"
      loading={update.isPending}
    >
      <Text size="sm" c="dimmed">
        {DOCUMENT_FAMILY_LABELS[document.family]}
        {document.clientName ? ` · ${document.clientName}` : ""}
        {document.auditorName ? ` · ${document.auditorName}` : ""} · fichier {document.fileName}
      </Text>
      <TextInput label="Nom du document" required maxLength={200} {...form.getInputProps("name")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Type"
          placeholder="Aucun"
          clearable
          data={[...DOCUMENT_TYPES]}
          {...form.getInputProps("documentType")}
        />
        <Select
          label="Catégorie"
          placeholder="Aucune"
          clearable
          data={familyCategories.map((c) => ({ value: c.id, label: c.name }))}
          {...form.getInputProps("categoryId")}
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={1000}
        {...form.getInputProps("description")}
      />
    </FormContent>
  );
}
