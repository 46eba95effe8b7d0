import type { MissionSatisfaction } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getMissionSatisfaction = (missionId: string) =>
  api.get<MissionSatisfaction>(`/api/missions/${missionId}/satisfaction`);
export const missionSatisfactionQueryOptions = (missionId: string) =>
  queryOptions({ queryKey: expenseKeys.satisfaction(missionId), queryFn: () => getMissionSatisfaction(missionId) });
export const useMissionSatisfaction = (missionId: string) => useQuery(missionSatisfactionQueryOptions(missionId));
