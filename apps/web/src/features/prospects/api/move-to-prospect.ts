import type { SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const moveToProspect = ({ id, version }: { id: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/move-to-prospect`, { version });
export const useMoveToProspect = () => useProspectMutation(moveToProspect);
