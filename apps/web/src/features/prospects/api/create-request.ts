import type { CreateRequestBody, SavedResult } from "@certidesk/shared";
import { api } from "../../../lib/api-client";
import { useProspectMutation } from "./use-prospect-mutation";

export const createRequest = (body: CreateRequestBody) => api.post<SavedResult>("/api/requestclients", body);
export const useCreateRequest = () => useProspectMutation(createRequest);
