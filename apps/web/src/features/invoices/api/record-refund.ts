import type { InvoiceDetail, PaymentBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** Pays back what the client is owed after a credit note on a paid invoice. */
export const recordRefund = ({ id, body }: { id: string; body: PaymentBody }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/refunds`, body);
export const useRecordRefund = () => useInvoiceMutation(recordRefund);
