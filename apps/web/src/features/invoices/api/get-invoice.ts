import type { InvoiceDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invoiceKeys } from "./keys";

export const getInvoice = (id: string) => api.get<InvoiceDetail>(`/api/invoices/${id}`);
/** While its mail waits in the outbox, the invoice is read again every few seconds: "envoyée" shows when it leaves. */
const SENDING_POLL_MS = 3_000;
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => getInvoice(id),
    refetchInterval: (query) => {
      const status = query.state.data?.sending?.status;
      return status === "QUEUED" || status === "SENDING" ? SENDING_POLL_MS : false;
    },
  });
export const useInvoice = (id: string) => useQuery(invoiceQueryOptions(id));
/** The Factur-X file (PDF/A-3 with its XML), downloaded by a plain link. */
export const invoicePdfUrl = (id: string) => `/api/invoices/${id}/pdf`;
