import type { RequestDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { prospectKeys } from "./keys";

export const getRequest = (id: string) => api.get<RequestDetail>(`/api/requestclients/${id}`);
export const requestQueryOptions = (id: string) =>
  queryOptions({ queryKey: prospectKeys.detail(id), queryFn: () => getRequest(id) });
export const useRequest = (id: string) => useQuery(requestQueryOptions(id));
