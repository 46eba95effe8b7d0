import type { Expense } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const reimburseExpense = (id: string, body: { date: string; version: number }) =>
  api.post<Expense>(`/api/expenses/${id}/reimburse`, body);
export function useReimburseExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; date: string; version: number }) => reimburseExpense(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
