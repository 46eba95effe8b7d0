import type { EvaluatorMissionSpace } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

/** The evaluator space's mission keys, under the auditors domain. */
export const missionSpaceKeys = {
  space: (auditorId: string) => [...domainKey("auditors"), auditorId, "mission-space"] as const,
  calendar: (auditorId: string) => [...domainKey("auditors"), auditorId, "calendar-link"] as const,
};

export const getMissionSpace = (auditorId: string) =>
  api.get<EvaluatorMissionSpace>(`/api/auditors/${auditorId}/mission-space`);
export const missionSpaceQueryOptions = (auditorId: string) =>
  queryOptions({ queryKey: missionSpaceKeys.space(auditorId), queryFn: () => getMissionSpace(auditorId) });
export const useMissionSpace = (auditorId: string) => useQuery(missionSpaceQueryOptions(auditorId));
