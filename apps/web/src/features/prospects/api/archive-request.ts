import type { SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const archiveRequest = ({ id, version }: { id: string; version: number }) =>
  api.post<SavedResult>(`/api/requestclients/${id}/archive`, { version });
export const useArchiveRequest = () => useProspectMutation(archiveRequest);
