import type { AuditorDocumentKind, AuditorDocuments } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const key = (id: string) => ["auditors", id, "documents"];
export const useAuditorDocuments = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: () => api.get<AuditorDocuments>(`/api/auditors/${id}/documents`) });

export function useUploadAuditorDocument(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, validUntil, file }: { kind: AuditorDocumentKind; validUntil: string | null; file: File }) => {
      const form = new FormData();
      form.set("kind", kind);
      if (validUntil) form.set("validUntil", validUntil);
      form.set("file", file);
      return api.upload<AuditorDocuments>(`/api/auditors/${id}/documents`, form);
    },
    onSuccess: (saved) => {
      client.setQueryData(key(id), saved);
      void client.invalidateQueries({ queryKey: ["auditors", id] });
      void client.invalidateQueries({ queryKey: ["auditors", "list"] });
    },
  });
}
