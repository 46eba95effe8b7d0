import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

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
  queryOptions({ queryKey: ["auditors", id], queryFn: () => getAuditor(id) });
export const useAuditor = (id: string) => useQuery(auditorQueryOptions(id));
