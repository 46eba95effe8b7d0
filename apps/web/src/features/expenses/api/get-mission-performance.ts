import type { MissionPerformance } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getMissionPerformance = (missionId: string) =>
  api.get<MissionPerformance>(`/api/missions/${missionId}/performance`);
export const missionPerformanceQueryOptions = (missionId: string) =>
  queryOptions({ queryKey: expenseKeys.performance(missionId), queryFn: () => getMissionPerformance(missionId) });
export const useMissionPerformance = (missionId: string) => useQuery(missionPerformanceQueryOptions(missionId));
