import type { DocumentFamily, DocumentRow } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UploadProgress, uploadWithProgress } from "../../../lib/upload";
import { documentKeys } from "./keys";

export interface NewDocument {
  family: DocumentFamily;
  name?: string;
  description?: string;
  documentType?: string | null;
  categoryId?: string | null;
  clientId?: string | null;
  auditorId?: string | null;
  file: File;
}

interface UploadArgs {
  document: NewDocument;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The server reads the fields before the file: they must come first in the form. */
export function newDocumentForm({ file, ...fields }: NewDocument): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string" && value.trim() !== "") form.append(key, value.trim());
  }
  form.append("file", file, file.name);
  return form;
}

export const uploadDocument = ({ document, onProgress, signal }: UploadArgs) =>
  uploadWithProgress<DocumentRow>("/api/documents", newDocumentForm(document), onProgress, { signal });

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
