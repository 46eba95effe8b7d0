import type { EstablishmentOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { prospectKeys } from "./keys";

export const getEstablishmentOptions = (search?: string) =>
  api.get<EstablishmentOption[]>(`/api/requestclients/establishment-options${toQuery({ search })}`);
export const establishmentOptionsQueryOptions = (search: string | undefined) =>
  queryOptions({ queryKey: prospectKeys.establishments(search ?? ""), queryFn: () => getEstablishmentOptions(search) });
export const useEstablishmentOptions = (search: string | undefined, enabled: boolean) =>
  useQuery({ ...establishmentOptionsQueryOptions(search), enabled });
