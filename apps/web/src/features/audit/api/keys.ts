import type { AuditLogQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** The query keys of the audit log (Settings › Journal). */
export const auditLogKeys = {
  all: domainKey("audit-log"),
  list: (query: AuditLogQuery) => [...auditLogKeys.all, "list", query] as const,
};
