import { DOCUMENT_FAMILY_LABELS, DOCUMENT_TYPES, type DocumentFamily } from "@certidesk/shared";
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { isAbortedUpload } from "../../../lib/upload";
import { useDocumentCategories } from "../api/get-document-categories";
import { useUploadDocument } from "../api/upload-document";
import { nameFromFile } from "../document-files";
import { useUploadControl } from "../use-upload-control";
import { FileDropzone } from "./FileDropzone";
import { OwnerSelect } from "./OwnerSelect";
import { UploadProgressBar } from "./UploadProgressBar";

interface FormState {
  family: DocumentFamily;
  name: string;
  description: string;
  documentType: string | null;
  categoryId: string | null;
  ownerId: string | null;
}

export interface UploadDocumentModalProps {
  opened: boolean;
  onClose: () => void;
  /** The library tab it was opened from. */
  family: DocumentFamily;
  /** The families this user may deposit in (the library's visible tabs). */
  families: readonly DocumentFamily[];
  /** A file dropped on the library page. */
  initialFile: File | null;
}

/** Deposits a document in the library. The form is mounted at each opening (FormModal): it starts afresh. */
export function UploadDocumentModal({ opened, onClose, family, families, initialFile }: UploadDocumentModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Déposer un document" size="lg">
      <UploadDocumentForm family={family} families={families} initialFile={initialFile} onClose={onClose} />
    </FormModal>
  );
}

/** Unmounted on close: an upload in flight is then cancelled (useUploadControl). */
function UploadDocumentForm({ family, families, initialFile, onClose }: Omit<UploadDocumentModalProps, "opened">) {
  const [file, setFile] = useState<File | null>(initialFile);
  const [form, setForm] = useState<FormState>(() => emptyForm(family));
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument();
  const control = useUploadControl();
  const { data: categories = [] } = useDocumentCategories();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const ownerKind = form.family === "CLIENT" ? "client" : form.family === "AUDITOR" ? "auditor" : null;
  const uploading = control.progress !== null;

  function close() {
    control.cancel();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setProblem("Choisissez le fichier à déposer.");
    if (ownerKind && !form.ownerId) {
      return setProblem(
        ownerKind === "client" ? "Choisissez le client du document." : "Choisissez l'évaluateur du document.",
      );
    }
    setProblem(null);
    const signal = control.start();
    const saved = await upload
      .mutateAsync({
        document: {
          family: form.family,
          name: form.name,
          description: form.description,
          documentType: form.documentType,
          categoryId: form.categoryId,
          clientId: ownerKind === "client" ? form.ownerId : null,
          auditorId: ownerKind === "auditor" ? form.ownerId : null,
          file,
        },
        onProgress: control.onProgress,
        signal,
      })
      .catch(() => null);
    control.finish();
    if (!saved) return;
    notifySaved(`« ${saved.name} » a été ajouté à la bibliothèque.`);
    onClose();
  }

  const serverError = upload.isError && !isAbortedUpload(upload.error) ? errorMessage(upload.error) : null;
  const error = problem ?? serverError;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title="Dépôt impossible">
            {error}
          </Alert>
        )}
        <FileDropzone
          file={file}
          onFile={(f) => {
            setFile(f);
            setProblem(null);
            upload.reset();
          }}
          onRefused={setProblem}
          disabled={uploading}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Famille"
            required
            allowDeselect={false}
            data={families.map((f) => ({ value: f, label: DOCUMENT_FAMILY_LABELS[f] }))}
            value={form.family}
            // Categories and owners belong to a family: changing it clears them.
            onChange={(v) =>
              v && setForm((f) => ({ ...f, family: v as DocumentFamily, categoryId: null, ownerId: null }))
            }
          />
          <TextInput
            label="Nom du document"
            placeholder={file ? nameFromFile(file.name) : "Par défaut, le nom du fichier"}
            value={form.name}
            onChange={(e) => set("name", e.currentTarget.value)}
            maxLength={200}
          />
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
            data={categories.filter((c) => c.family === form.family).map((c) => ({ value: c.id, label: c.name }))}
            value={form.categoryId}
            onChange={(v) => set("categoryId", v)}
            nothingFoundMessage="Aucune catégorie pour cette famille"
          />
        </SimpleGrid>
        {ownerKind && (
          <OwnerSelect key={ownerKind} kind={ownerKind} value={form.ownerId} onChange={(v) => set("ownerId", v)} />
        )}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={1000}
          value={form.description}
          onChange={(e) => set("description", e.currentTarget.value)}
        />
        {uploading && <UploadProgressBar progress={control.progress} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={uploading ? control.cancel : close}>
            {uploading ? "Annuler l'envoi" : "Annuler"}
          </Button>
          <Button type="submit" loading={uploading}>
            Déposer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function emptyForm(family: DocumentFamily): FormState {
  return { family, name: "", description: "", documentType: null, categoryId: null, ownerId: null };
}
