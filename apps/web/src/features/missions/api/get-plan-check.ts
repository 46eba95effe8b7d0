import type { MissionPlanCheck } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { missionKeys } from "./keys";

/** What saving these days would raise for the team (the server's rule set), before saving. */
export const getPlanCheck = (id: string, days: string[]) =>
  api.get<MissionPlanCheck>(`/api/missions/${id}/plan-check${toQuery({ days: days.join(",") })}`);
export const planCheckQueryOptions = (id: string, days: string[]) =>
  queryOptions({
    queryKey: missionKeys.planCheck(id, days),
    queryFn: () => getPlanCheck(id, days),
    enabled: days.length > 0,
    placeholderData: keepPreviousData,
  });
export const usePlanCheck = (id: string, days: string[]) => useQuery(planCheckQueryOptions(id, days));
