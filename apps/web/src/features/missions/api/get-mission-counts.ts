import type { MissionListQuery, MissionState } from "@certidesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { missionKeys } from "./keys";

/** How many missions in each state, for the same evaluator, period and search as the list. */
export const getMissionCounts = (p: Pick<MissionListQuery, "auditorId" | "from" | "to" | "search">) =>
  api.get<Record<MissionState, number>>(
    `/api/missions/counts${toQuery({ auditorId: p.auditorId, from: p.from, to: p.to, search: p.search })}`,
  );
export const useMissionCounts = (p: Pick<MissionListQuery, "auditorId" | "from" | "to" | "search">) =>
  useQuery({
    queryKey: missionKeys.counts(p),
    queryFn: () => getMissionCounts(p),
    placeholderData: keepPreviousData,
  });
