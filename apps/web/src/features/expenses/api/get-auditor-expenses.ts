import type { AuditorExpenses } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getAuditorExpenses = (auditorId: string) =>
  api.get<AuditorExpenses>(`/api/auditors/${auditorId}/expenses`);
export const auditorExpensesQueryOptions = (auditorId: string) =>
  queryOptions({ queryKey: expenseKeys.auditor(auditorId), queryFn: () => getAuditorExpenses(auditorId) });
export const useAuditorExpenses = (auditorId: string) => useQuery(auditorExpensesQueryOptions(auditorId));
