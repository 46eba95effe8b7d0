import type { BulkResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";

/** Remove or postpone many alerts: one request, a report of the refused ones. */
export const bulkRemoveAlerts = (ids: string[]) => api.post<BulkResult>("/api/alerts/bulk/remove", { ids });
export const bulkPostponeAlerts = (ids: string[], date: string) =>
  api.post<BulkResult>("/api/alerts/bulk/postpone", { ids, date });
