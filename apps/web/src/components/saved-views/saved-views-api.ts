import type { SavedResult, SavedView, SavedViewBody, UpdateSavedViewBody } from "@certidesk/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { domainKey } from "../../lib/query-keys";

/** The calls of the saved views (GET, POST, PUT, DELETE /api/saved-views), shared by every list. */
export const savedViewKeys = {
  all: domainKey("saved-views"),
  list: (listKey: string) => [...savedViewKeys.all, listKey] as const,
};

export const getSavedViews = (listKey: string) =>
  api.get<SavedView[]>(`/api/saved-views?list=${encodeURIComponent(listKey)}`);
export const savedViewsQueryOptions = (listKey: string) =>
  queryOptions({ queryKey: savedViewKeys.list(listKey), queryFn: () => getSavedViews(listKey) });
export const useSavedViewList = (listKey: string) => useQuery(savedViewsQueryOptions(listKey));

export const createSavedView = (body: SavedViewBody) => api.post<SavedResult>("/api/saved-views", body);
export const updateSavedView = ({ id, body }: { id: string; body: UpdateSavedViewBody }) =>
  api.put<SavedResult>(`/api/saved-views/${id}`, body);
export const deleteSavedView = ({ id, version }: { id: string; version: number }) =>
  api.delete<{ ok: true }>(`/api/saved-views/${id}?version=${version}`);

function useViewMutation<A, R>(listKey: string, fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewKeys.list(listKey) }),
  });
}

export const useCreateSavedView = (listKey: string) => useViewMutation(listKey, createSavedView);
export const useUpdateSavedView = (listKey: string) => useViewMutation(listKey, updateSavedView);
export const useDeleteSavedView = (listKey: string) => useViewMutation(listKey, deleteSavedView);
