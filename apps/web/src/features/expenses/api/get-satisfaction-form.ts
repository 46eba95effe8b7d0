import type { SatisfactionForm } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getSatisfactionForm = (token: string) =>
  api.get<SatisfactionForm>(`/api/satisfaction?token=${encodeURIComponent(token)}`);
export const satisfactionFormQueryOptions = (token: string) =>
  queryOptions({
    queryKey: expenseKeys.satisfactionForm(token),
    queryFn: () => getSatisfactionForm(token),
    retry: false,
    enabled: token !== "",
  });
export const useSatisfactionForm = (token: string) => useQuery(satisfactionFormQueryOptions(token));
