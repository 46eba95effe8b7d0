import type { AuditLogQuery, AuditPage } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { auditLogKeys } from "./keys";

export const getAuditLog = (query: AuditLogQuery) => api.get<AuditPage>(`/api/audit-log${toQuery({ ...query })}`);
export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQueryOptions(query));
