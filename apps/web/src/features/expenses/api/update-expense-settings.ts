import type { ExpenseSettings } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const updateExpenseSettings = (body: {
  kmRate: number;
  satisfactionAfterDays?: number | null;
  version: number;
}) => api.put<ExpenseSettings>("/api/settings/expenses", body);
export function useUpdateExpenseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateExpenseSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: expenseKeys.all }),
  });
}
