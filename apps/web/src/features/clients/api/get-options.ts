import type { LegalEntityOption, LinkOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { clientKeys } from "./keys";

export const getLegalEntityOptions = (search?: string) =>
  api.get<LegalEntityOption[]>(`/api/legal-entities/options${toQuery({ search })}`);
export const legalEntityOptionsQueryOptions = (search?: string) =>
  queryOptions({ queryKey: clientKeys.legalEntityOptions(search ?? ""), queryFn: () => getLegalEntityOptions(search) });
export const useLegalEntityOptions = (search?: string) => useQuery(legalEntityOptionsQueryOptions(search));

export const getGestionnaireOptions = () => api.get<LinkOption[]>("/api/gestionnaires/options");
export const useGestionnaireOptions = () =>
  useQuery({ queryKey: clientKeys.gestionnaireOptions(), queryFn: getGestionnaireOptions });
