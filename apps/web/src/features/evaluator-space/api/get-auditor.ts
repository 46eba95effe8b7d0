import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

export interface Auditor {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
  city: string | null;
}

export const getAuditor = (id: string) => api.get<Auditor>(`/api/auditors/${id}`);
export const auditorQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...domainKey("auditors"), "detail", id], queryFn: () => getAuditor(id) });
export const useAuditor = (id: string) => useQuery(auditorQueryOptions(id));
