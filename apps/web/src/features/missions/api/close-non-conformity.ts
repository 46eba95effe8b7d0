import type { NonConformity } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useMissionMutation } from "./use-mission-mutation";

export const closeNonConformity = ({ id, version }: { id: string; version: number }) =>
  api.post<NonConformity>(`/api/non-conformities/${id}/close`, { version });
export const useCloseNonConformity = () => useMissionMutation(closeNonConformity);
