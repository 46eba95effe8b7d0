import type { AuditEntryRow, AuditLogQuery } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { auditLogKeys } from "./keys";

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const getAuditLog = (query: AuditLogQuery) =>
  api.get<Page<AuditEntryRow>>(`/api/audit-log${toQuery({ ...query })}`);
export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQueryOptions(query));
