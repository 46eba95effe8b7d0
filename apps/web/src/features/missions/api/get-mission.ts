import type { MissionDetail } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export const getMission = (id: string) => api.get<MissionDetail>(`/api/missions/${id}`);
export const missionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: missionKeys.detail(id),
    queryFn: () => getMission(id),
    // An evaluator's answer (a refusal frees their place) shows without reloading the page.
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
export const useMission = (id: string) => useQuery(missionQueryOptions(id));
