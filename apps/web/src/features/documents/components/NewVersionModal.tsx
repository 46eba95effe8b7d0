import type { DocumentRow } from "@certidesk/shared";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { FormModal } from "../../../components";
import { errorMessage } from "../../../lib/api-client";
import { notifySaved } from "../../../lib/notify";
import { isAbortedUpload } from "../../../lib/upload";
import { useUploadDocumentVersion } from "../api/upload-document-version";
import { useUploadControl } from "../use-upload-control";
import { FileDropzone } from "./FileDropzone";
import { UploadProgressBar } from "./UploadProgressBar";

/** Replaces a document's file; the previous ones stay in its history. A fresh form for each document (keyed by it). */
export function NewVersionModal({ document, onClose }: { document: DocumentRow | null; onClose: () => void }) {
  return (
    <FormModal
      opened={document !== null}
      onClose={onClose}
      title={`Nouvelle version de « ${document?.name ?? ""} »`}
      size="lg"
    >
      {document && <NewVersionForm key={document.id} document={document} onClose={onClose} />}
    </FormModal>
  );
}

/** Unmounted on close: an upload in flight is then cancelled (useUploadControl). */
function NewVersionForm({ document, onClose }: { document: DocumentRow; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocumentVersion();
  const control = useUploadControl();
  const uploading = control.progress !== null;

  function close() {
    control.cancel();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setProblem("Choisissez le fichier de la nouvelle version.");
    setProblem(null);
    const signal = control.start();
    const saved = await upload
      .mutateAsync({ id: document.id, version: document.version, file, onProgress: control.onProgress, signal })
      .catch(() => null);
    control.finish();
    if (!saved) return;
    notifySaved(`Version ${saved.currentVersion} de « ${saved.name} » enregistrée.`);
    onClose();
  }

  const serverError = upload.isError && !isAbortedUpload(upload.error) ? errorMessage(upload.error) : null;
  const error = problem ?? serverError;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Version actuelle : v{document.currentVersion} ({document.fileName}). Elle restera disponible dans
          l'historique.
        </Text>
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
        {uploading && <UploadProgressBar progress={control.progress} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={uploading ? control.cancel : close}>
            {uploading ? "Annuler l'envoi" : "Annuler"}
          </Button>
          <Button type="submit" loading={uploading}>
            Déposer la version
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
