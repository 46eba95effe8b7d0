import type { MissionExpenses } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const getMissionExpenses = (missionId: string) =>
  api.get<MissionExpenses>(`/api/missions/${missionId}/expenses`);
export const missionExpensesQueryOptions = (missionId: string) =>
  queryOptions({ queryKey: expenseKeys.mission(missionId), queryFn: () => getMissionExpenses(missionId) });
export const useMissionExpenses = (missionId: string) => useQuery(missionExpensesQueryOptions(missionId));
