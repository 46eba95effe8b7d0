import type { MissionPlanning } from "@certidesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export const getPlanning = (month: string) => api.get<MissionPlanning>(`/api/missions/planning?month=${month}`);
export const usePlanning = (month: string) =>
  useQuery({
    queryKey: missionKeys.planning(month),
    queryFn: () => getPlanning(month),
    placeholderData: keepPreviousData,
  });
