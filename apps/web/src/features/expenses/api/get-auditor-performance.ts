import type { AuditorPerformance } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getAuditorPerformance = (auditorId: string) =>
  api.get<AuditorPerformance>(`/api/auditors/${auditorId}/performance`);
export const auditorPerformanceQueryOptions = (auditorId: string) =>
  queryOptions({
    queryKey: expenseKeys.auditorPerformance(auditorId),
    queryFn: () => getAuditorPerformance(auditorId),
  });
export const useAuditorPerformance = (auditorId: string) => useQuery(auditorPerformanceQueryOptions(auditorId));
