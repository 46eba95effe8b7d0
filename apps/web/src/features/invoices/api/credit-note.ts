import type { InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** Cancels an issued invoice by a credit note; answers the credit note. */
export const creditInvoice = ({ id, version, reason }: { id: string; version: number; reason: string }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/credit-note`, { version, reason });
export const useCreditInvoice = () => useInvoiceMutation(creditInvoice);
