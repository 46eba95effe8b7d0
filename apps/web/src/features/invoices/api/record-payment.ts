import type { InvoiceDetail, PaymentBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

export const recordPayment = ({ id, body }: { id: string; body: PaymentBody }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/payments`, body);
export const useRecordPayment = () => useInvoiceMutation(recordPayment);
