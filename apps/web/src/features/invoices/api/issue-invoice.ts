import type { InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

export const issueInvoice = ({ id, version }: { id: string; version: number }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/issue`, { version });
export const useIssueInvoice = () => useInvoiceMutation(issueInvoice);
