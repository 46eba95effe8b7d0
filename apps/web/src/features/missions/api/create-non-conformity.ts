import type { NonConformity, NonConformityBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const createNonConformity = ({ missionId, body }: { missionId: string; body: NonConformityBody }) =>
  api.post<NonConformity>(`/api/missions/${missionId}/non-conformities`, body);
export const useCreateNonConformity = () => useMissionMutation(createNonConformity);
