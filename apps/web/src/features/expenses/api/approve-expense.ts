import type { Expense } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const approveExpense = (id: string, version: number) =>
  api.post<Expense>(`/api/expenses/${id}/approve`, { version });
export function useApproveExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => approveExpense(id, version),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
