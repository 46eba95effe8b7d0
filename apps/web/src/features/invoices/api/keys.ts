import type { InvoiceListQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** The query keys of client invoices and of the invoicing settings. */
export const invoiceKeys = {
  all: domainKey("invoices"),
  list: (query: InvoiceListQuery) => [...invoiceKeys.all, "list", query] as const,
  detail: (id: string) => [...invoiceKeys.all, "detail", id] as const,
  settings: () => [...invoiceKeys.all, "settings"] as const,
  deposit: (contractId: string) => [...invoiceKeys.all, "deposit", contractId] as const,
};
