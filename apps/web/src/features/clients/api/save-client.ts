import type { CreateEssmsBody, CreateLegalEntityBody, SavedResult } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";

type Created = SavedResult & { legalEntityId?: string; requestId?: string | null };

export const createEssms = (body: CreateEssmsBody) => api.post<Created>("/api/clients", body);
export const createLegalEntity = (body: CreateLegalEntityBody) => api.post<Created>("/api/legal-entities", body);

/** Every write refreshes the client lists, prospects and legal entity options. */
function useClientMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "clients", "prospects", "legal-entities"),
  });
}

export const useCreateEssms = () => useClientMutation(createEssms);
export const useCreateLegalEntity = () => useClientMutation(createLegalEntity);
