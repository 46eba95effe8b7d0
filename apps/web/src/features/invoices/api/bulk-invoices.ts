import type { BulkResult, InvoiceListQuery } from "@certidesk/shared";
import type { SelectedRow } from "../../../components";
import { api } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download";

/** The ticked invoices (with the version seen) or every invoice of the list's filter. */
export type InvoiceBulkBody = { ids: SelectedRow[] } | { filter: InvoiceListQuery };

/** "Envoyer" or "Relancer" on many invoices: one request, a report of the refused rows. */
export const bulkInvoiceAction = (action: "send" | "remind", body: InvoiceBulkBody) =>
  api.post<BulkResult>(`/api/invoices/bulk/${action}`, body);

/** The XLSX export of the selection (a POST: 500 ids do not fit in a link). */
export const downloadInvoiceSelection = (body: InvoiceBulkBody) =>
  downloadFile("/api/invoices/bulk/export", "factures-selection.xlsx", body);
