import type { DocumentRow, UpdateDocumentBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { documentKeys } from "./keys";

export const updateDocument = ({ id, body }: { id: string; body: UpdateDocumentBody }) =>
  api.put<DocumentRow>(`/api/documents/${id}`, body);
export const deleteDocument = ({ id, version }: { id: string; version: number }) =>
  api.delete<{ ok: true }>(`/api/documents/${id}${toQuery({ version })}`);

/** Every change refreshes the lists, the versions and the categories' document counts. */
function useDocumentMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all }) });
}

export const useUpdateDocument = () => useDocumentMutation(updateDocument);
export const useDeleteDocument = () => useDocumentMutation(deleteDocument);
