import type { EvaluatorMissionSpace } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

/** The evaluator space: their orders, coming visits and reports due (under the file's keys). */
export const getMissionSpace = (auditorId: string) =>
  api.get<EvaluatorMissionSpace>(`/api/auditors/${auditorId}/mission-space`);
export const missionSpaceQueryOptions = (auditorId: string) =>
  queryOptions({ queryKey: auditorKeys.missionSpace(auditorId), queryFn: () => getMissionSpace(auditorId) });
export const useMissionSpace = (auditorId: string) => useQuery(missionSpaceQueryOptions(auditorId));
