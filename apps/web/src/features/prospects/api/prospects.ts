import type {
  CreateRequestBody,
  EstablishmentOption,
  ProspectListQuery,
  ProspectRow,
  ProspectType,
  RequestDetail,
  SavedResult,
  UpdateRequestBody,
} from "@certidesk/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";

export type ProspectTab = ProspectType | "ARCHIVE";

export const getProspects = (tab: ProspectTab, query: ProspectListQuery) =>
  api.get<Page<ProspectRow>>(
    tab === "ARCHIVE"
      ? `/api/requestclients/getListProspectArchive${toQuery({ ...query })}`
      : `/requestclients/getListProspectByProspectType/${tab}${toQuery({ ...query })}`,
  );
export const prospectsQueryOptions = (tab: ProspectTab, query: ProspectListQuery) =>
  queryOptions({
    queryKey: ["prospects", "list", tab, query],
    queryFn: () => getProspects(tab, query),
    placeholderData: keepPreviousData,
  });
export const useProspects = (tab: ProspectTab, query: ProspectListQuery) => useQuery(prospectsQueryOptions(tab, query));

export const getRequest = (id: string) => api.get<RequestDetail>(`/api/requestclients/${id}`);
export const requestQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["prospects", "detail", id], queryFn: () => getRequest(id) });
export const useRequest = (id: string) => useQuery(requestQueryOptions(id));

export const getEstablishmentOptions = (search?: string) =>
  api.get<EstablishmentOption[]>(`/api/requestclients/establishment-options${toQuery({ search })}`);
export const useEstablishmentOptions = (search: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ["prospects", "establishments", search ?? ""],
    queryFn: () => getEstablishmentOptions(search),
    enabled,
  });

export const createRequest = (body: CreateRequestBody) => api.post<SavedResult>("/api/requestclients", body);
export const updateRequest = ({ id, body }: { id: string; body: UpdateRequestBody }) =>
  api.put<SavedResult>(`/api/requestclients/${id}`, body);
export const refuseRequest = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/refuse`, { reason, version });
export const archiveRequest = ({ id, version }: { id: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/archive`, { version });
export const moveToProspect = ({ id, version }: { id: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/move-to-prospect`, { version });

/** Every request change refreshes prospects, clients and timelines. */
export function useProspectMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["prospects"] }),
        client.invalidateQueries({ queryKey: ["clients"] }),
        client.invalidateQueries({ queryKey: ["timeline"] }),
      ]),
  });
}
export const useCreateRequest = () => useProspectMutation(createRequest);
export const useUpdateRequest = () => useProspectMutation(updateRequest);
export const useRefuseRequest = () => useProspectMutation(refuseRequest);
export const useArchiveRequest = () => useProspectMutation(archiveRequest);
export const useMoveToProspect = () => useProspectMutation(moveToProspect);
