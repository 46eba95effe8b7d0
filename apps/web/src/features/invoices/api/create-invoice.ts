import type { CreateInvoiceBody, InvoiceDetail } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useInvoiceMutation } from "./use-invoice-mutation";

/** A draft: the deposit of a contract ({ contractId }) or the balance of a mission ({ missionId }). */
export const createInvoice = (body: CreateInvoiceBody) => api.post<InvoiceDetail>("/api/invoices", body);
export const useCreateInvoice = () => useInvoiceMutation(createInvoice);
