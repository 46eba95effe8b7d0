import type { NonConformity, NonConformityUpdateBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const updateNonConformity = ({ id, body }: { id: string; body: NonConformityUpdateBody }) =>
  api.put<NonConformity>(`/api/non-conformities/${id}`, body);
export const useUpdateNonConformity = () => useMissionMutation(updateNonConformity);
