import type { ExpenseSettings } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getExpenseSettings = () => api.get<ExpenseSettings>("/api/settings/expenses");
export const expenseSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...expenseKeys.all, "settings"] as const, queryFn: getExpenseSettings });
export const useExpenseSettings = () => useQuery(expenseSettingsQueryOptions());
