import type { AuditorMission } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getAuditorMissions = (id: string) => api.get<AuditorMission[]>(`/api/auditors/${id}/missions`);
export const useAuditorMissions = (id: string) =>
  useQuery({ queryKey: auditorKeys.missions(id), queryFn: () => getAuditorMissions(id) });
