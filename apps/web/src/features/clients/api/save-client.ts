import type {
  ContactBody,
  CreateEssmsBody,
  CreateLegalEntityBody,
  SavedResult,
  UpdateEssmsBody,
} from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";

type Created = SavedResult & { legalEntityId?: string; requestId?: string | null };

export const createEssms = (body: CreateEssmsBody) => api.post<Created>("/api/clients", body);
export const createLegalEntity = (body: CreateLegalEntityBody) => api.post<Created>("/api/legal-entities", body);
export const updateEssms = ({ id, body }: { id: string; body: UpdateEssmsBody }) =>
  api.put<Created>(`/api/clients/${id}`, body);
export const addContact = ({ clientId, body }: { clientId: string; body: ContactBody & { isMain?: boolean } }) =>
  api.post<Created>(`/api/clients/${clientId}/contacts`, body);

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
export const useUpdateEssms = () => useClientMutation(updateEssms);
export const useAddContact = () => useClientMutation(addContact);
