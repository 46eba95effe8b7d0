import type { FareClass } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

// The answer's type is the API's own schema (`_id`, `fareClassName`, the spec's names): a type declared
// here with other names made the form read `undefined` values and crash on the first train ticket.
export const getFareClasses = () => api.get<FareClass[]>("/api/fare-classes");
export const fareClassesQueryOptions = () =>
  queryOptions({
    queryKey: [...expenseKeys.all, "fare-classes"] as const,
    queryFn: getFareClasses,
    staleTime: 300_000,
  });
export const useFareClasses = () => useQuery(fareClassesQueryOptions());
