import type { DepositPreview } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invoiceKeys } from "./keys";

/** The contract's deposit before it is prepared: its amount, the deposit invoice if any, or why not. */
export const getDepositPreview = (contractId: string) =>
  api.get<DepositPreview>(`/api/invoices/deposit?contractId=${encodeURIComponent(contractId)}`);
export const depositPreviewQueryOptions = (contractId: string) =>
  queryOptions({ queryKey: invoiceKeys.deposit(contractId), queryFn: () => getDepositPreview(contractId) });
export const useDepositPreview = (contractId: string) => useQuery(depositPreviewQueryOptions(contractId));
