import type { MissionProposals } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { missionKeys } from "./keys";

export const getProposals = (id: string) => api.get<MissionProposals>(`/api/missions/${id}/proposals`);
export const useProposals = (id: string) =>
  useQuery({ queryKey: missionKeys.proposals(id), queryFn: () => getProposals(id) });
