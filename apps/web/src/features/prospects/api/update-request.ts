import type { SavedResult, UpdateRequestBody } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const updateRequest = ({ id, body }: { id: string; body: UpdateRequestBody }) =>
  api.put<SavedResult>(`/api/requestclients/${id}`, body);
export const useUpdateRequest = () => useProspectMutation(updateRequest);
