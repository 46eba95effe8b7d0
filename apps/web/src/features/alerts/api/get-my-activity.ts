import type { AuditEntryRow } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { domainKey } from "../../../lib/query-keys";

/** The signed-in user's latest actions (the landing page's "Mes dernières actions"). */
export const getMyActivity = () => api.get<Page<AuditEntryRow>>("/api/audit-log/mine?pageSize=8");
export const myActivityQueryOptions = () =>
  queryOptions({ queryKey: [...domainKey("audit-log"), "mine"], queryFn: getMyActivity });
export const useMyActivity = () => useQuery(myActivityQueryOptions());
