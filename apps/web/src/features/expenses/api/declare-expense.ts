import type { Expense, ExpenseBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

/** POST /api/missions/{id}/expenses: the declaration as JSON with its receipt as the file. */
export function declareExpense(missionId: string, body: ExpenseBody, receipt: File) {
  const form = new FormData();
  form.set("expense", JSON.stringify(body));
  form.set("file", receipt);
  return api.upload<Expense>(`/api/missions/${missionId}/expenses`, form);
}
export function useDeclareExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ missionId, body, receipt }: { missionId: string; body: ExpenseBody; receipt: File }) =>
      declareExpense(missionId, body, receipt),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
