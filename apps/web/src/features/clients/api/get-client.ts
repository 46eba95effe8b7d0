import type { ClientDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { clientKeys } from "./keys";

export const getClient = (id: string) => api.get<ClientDetail>(`/api/clients/${id}`);
export const clientQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: () => getClient(id) });
export const useClient = (id: string) => useQuery(clientQueryOptions(id));
