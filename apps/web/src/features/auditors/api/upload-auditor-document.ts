import type { AuditorDocumentKind, AuditorDocuments } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

type Upload = { kind: AuditorDocumentKind; validUntil: string | null; file: File };

export const uploadAuditorDocument = (id: string, { kind, validUntil, file }: Upload) => {
  const form = new FormData();
  form.set("kind", kind);
  if (validUntil) form.set("validUntil", validUntil);
  form.set("file", file);
  return api.upload<AuditorDocuments>(`/api/auditors/${id}/documents`, form);
};

/** A new document changes the file's document state, shown on the file and in the list. */
export function useUploadAuditorDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upload: Upload) => uploadAuditorDocument(id, upload),
    onSuccess: (saved) => {
      client.setQueryData(auditorKeys.documents(id), saved);
      void client.invalidateQueries({ queryKey: auditorKeys.detail(id) });
      void client.invalidateQueries({ queryKey: auditorKeys.lists() });
    },
  });
}
