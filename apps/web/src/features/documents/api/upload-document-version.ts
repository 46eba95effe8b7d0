import type { DocumentRow } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UploadProgress, uploadWithProgress } from "../../../lib/upload";
import { documentKeys } from "./keys";

interface NewVersionArgs {
  id: string;
  /** The document's row version, checked by the server (409 when stale). */
  version: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export function uploadDocumentVersion({ id, version, file, onProgress, signal }: NewVersionArgs) {
  // The version field must precede the file: the server reads fields first.
  const form = new FormData();
  form.append("version", String(version));
  form.append("file", file, file.name);
  return uploadWithProgress<DocumentRow>(`/api/documents/${id}/versions`, form, onProgress, { signal });
}

export function useUploadDocumentVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocumentVersion,
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
