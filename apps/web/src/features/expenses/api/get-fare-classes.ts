import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export type FareClass = { id: string; name: string };
export const getFareClasses = () => api.get<FareClass[]>("/api/fare-classes");
export const fareClassesQueryOptions = () =>
  queryOptions({
    queryKey: [...expenseKeys.all, "fare-classes"] as const,
    queryFn: getFareClasses,
    staleTime: 300_000,
  });
export const useFareClasses = () => useQuery(fareClassesQueryOptions());
