import type { MissionHistory } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export const getHistory = (id: string) => api.get<MissionHistory>(`/api/missions/${id}/history`);
export const useMissionHistory = (id: string) =>
  useQuery({ queryKey: missionKeys.history(id), queryFn: () => getHistory(id) });
