import type { InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** "Envoyer": the invoice's mail (Factur-X attached) goes into the outbox; the invoice is sent once it has left. */
export const sendInvoice = ({ id, version }: { id: string; version: number }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/send`, { version });
export const useSendInvoice = () => useInvoiceMutation(sendInvoice);
