import type { InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** Adds to a balance draft the expenses approved since it was drafted ("frais en sus"). */
export const rebillExpenses = ({ id, version }: { id: string; version: number }) =>
  api.post<InvoiceDetail>(`/api/invoices/${id}/rebill-expenses`, { version });
export const useRebillExpenses = () => useInvoiceMutation(rebillExpenses);
