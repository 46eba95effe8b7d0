import type { InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** A credit note on an issued invoice (whole, or chosen lines and quantities); answers the credit note. */
export const creditInvoice = ({
  id,
  version,
  reason,
  lines,
}: {
  id: string;
  version: number;
  reason: string;
  lines?: Array<{ position: number; quantity: number }>;
}) => api.post<InvoiceDetail>(`/api/invoices/${id}/credit-note`, { version, reason, ...(lines && { lines }) });
export const useCreditInvoice = () => useInvoiceMutation(creditInvoice);
