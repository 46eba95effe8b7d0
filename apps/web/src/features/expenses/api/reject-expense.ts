import type { Expense } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const rejectExpense = (id: string, body: { reason: string; version: number }) =>
  api.post<Expense>(`/api/expenses/${id}/reject`, body);
export function useRejectExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; reason: string; version: number }) => rejectExpense(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
