import type { SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const refuseRequest = ({ id, reason, version }: { id: string; reason: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/refuse`, { reason, version });
export const useRefuseRequest = () => useProspectMutation(refuseRequest);
