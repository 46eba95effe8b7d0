import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { MissionFees } from "./get-mission-fees";
import { expenseKeys } from "./keys";

export const payFeeInvoice = (id: string, body: { date: string; version: number }) =>
  api.post<MissionFees>(`/api/auditor-invoices/${id}/paid`, body);
export function usePayFeeInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; date: string; version: number }) => payFeeInvoice(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
