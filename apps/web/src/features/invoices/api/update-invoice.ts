import type { InvoiceDetail, UpdateInvoiceBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

export const updateInvoice = ({ id, body }: { id: string; body: UpdateInvoiceBody }) =>
  api.put<InvoiceDetail>(`/api/invoices/${id}`, body);
export const useUpdateInvoice = () => useInvoiceMutation(updateInvoice);
