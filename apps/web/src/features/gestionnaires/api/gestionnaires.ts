import type {
  GestionnaireBody,
  GestionnaireDetail,
  GestionnaireListQuery,
  GestionnaireRow,
  SavedResult,
} from "@certidesk/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { gestionnaireKeys } from "./keys";

export const getGestionnaires = (query: GestionnaireListQuery) =>
  api.get<Page<GestionnaireRow>>(`/api/gestionnaires${toQuery({ ...query })}`);
export const gestionnairesQueryOptions = (query: GestionnaireListQuery) =>
  queryOptions({
    queryKey: gestionnaireKeys.list(query),
    queryFn: () => getGestionnaires(query),
    placeholderData: keepPreviousData,
  });
export const useGestionnaires = (query: GestionnaireListQuery) => useQuery(gestionnairesQueryOptions(query));

export const getGestionnaire = (id: string) => api.get<GestionnaireDetail>(`/api/gestionnaires/${id}`);
export const useGestionnaire = (id: string) =>
  useQuery({ queryKey: gestionnaireKeys.detail(id), queryFn: () => getGestionnaire(id) });

export const createGestionnaire = (body: GestionnaireBody) => api.post<SavedResult>("/api/gestionnaires", body);
export const updateGestionnaire = ({ id, body }: { id: string; body: GestionnaireBody & { version: number } }) =>
  api.put<SavedResult>(`/api/gestionnaires/${id}`, body);

function useGestionnaireMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: gestionnaireKeys.all }) });
}
export const useCreateGestionnaire = () => useGestionnaireMutation(createGestionnaire);
export const useUpdateGestionnaire = () => useGestionnaireMutation(updateGestionnaire);
