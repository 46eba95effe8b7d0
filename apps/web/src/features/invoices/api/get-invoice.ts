import type { InvoiceDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invoiceKeys } from "./keys";

export const getInvoice = (id: string) => api.get<InvoiceDetail>(`/api/invoices/${id}`);
export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id) });
export const useInvoice = (id: string) => useQuery(invoiceQueryOptions(id));
/** The Factur-X file (PDF/A-3 with its XML), downloaded by a plain link. */
export const invoicePdfUrl = (id: string) => `/api/invoices/${id}/pdf`;
