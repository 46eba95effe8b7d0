import type { DocumentFamily, SavedResult } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { documentKeys } from "./keys";

export interface CategoryInput {
  family: DocumentFamily;
  name: string;
  position: number;
}

export const createDocumentCategory = (body: CategoryInput) => api.post<SavedResult>("/api/document-categories", body);
export const updateDocumentCategory = ({ id, body }: { id: string; body: CategoryInput & { version: number } }) =>
  api.put<SavedResult>(`/api/document-categories/${id}`, body);
export const deleteDocumentCategory = (id: string) => api.delete<{ ok: true }>(`/api/document-categories/${id}`);

/**
 * Saves several categories one after the other (a reorder renumbers them); sequential so a
 * stale version stops the rest instead of leaving half-applied parallel writes.
 */
export async function updateDocumentCategories(
  updates: Array<{ id: string; body: CategoryInput & { version: number } }>,
) {
  for (const update of updates) await updateDocumentCategory(update);
}

function useCategoryMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Categories show in the library too: refresh everything documents-related.
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const useCreateDocumentCategory = () => useCategoryMutation(createDocumentCategory);
export const useUpdateDocumentCategory = () => useCategoryMutation(updateDocumentCategory);
export const useUpdateDocumentCategories = () => useCategoryMutation(updateDocumentCategories);
export const useDeleteDocumentCategory = () => useCategoryMutation(deleteDocumentCategory);
