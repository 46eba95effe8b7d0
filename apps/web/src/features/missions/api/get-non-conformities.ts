import type { NonConformity } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export const getNonConformities = (missionId: string) =>
  api.get<NonConformity[]>(`/api/missions/${missionId}/non-conformities`);
export const useNonConformities = (missionId: string, enabled = true) =>
  useQuery({
    queryKey: missionKeys.nonConformities(missionId),
    queryFn: () => getNonConformities(missionId),
    enabled,
  });
