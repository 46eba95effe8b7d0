import type { MissionFee } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export type MissionFees = { items: MissionFee[] };
export const getMissionFees = (missionId: string) => api.get<MissionFees>(`/api/missions/${missionId}/fees`);
export const missionFeesQueryOptions = (missionId: string) =>
  queryOptions({ queryKey: expenseKeys.fees(missionId), queryFn: () => getMissionFees(missionId) });
export const useMissionFees = (missionId: string) => useQuery(missionFeesQueryOptions(missionId));
