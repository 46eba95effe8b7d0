import type { InvoiceListQuery, InvoicePage } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { invoiceKeys } from "./keys";

const query = (q: Partial<InvoiceListQuery>) => toQuery(q as Record<string, string | number | undefined>);
export const getInvoices = (q: InvoiceListQuery) => api.get<InvoicePage>(`/api/invoices${query(q)}`);
export const invoicesQueryOptions = (q: InvoiceListQuery) =>
  queryOptions({ queryKey: invoiceKeys.list(q), queryFn: () => getInvoices(q), placeholderData: keepPreviousData });
export const useInvoices = (q: InvoiceListQuery) => useQuery(invoicesQueryOptions(q));

/** The XLSX export of the same list: a plain link, the session cookie authenticates the download. */
export const invoiceExportUrl = (q: InvoiceListQuery) =>
  `/api/invoices/export${query({ ...q, page: undefined, pageSize: undefined })}`;
/** The sales journal of a period (CSV for the accounting software). */
export const salesJournalUrl = (from: string, to: string) => `/api/accounting/sales-journal${toQuery({ from, to })}`;
