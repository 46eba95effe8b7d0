import type { ClientDetail, ContactBody, SavedResult, UpdateContactBody, UpdateEssmsBody } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { domainKey, invalidateDomains } from "../../lib/query-keys";

/**
 * Establishments and their contacts, edited where they are shown (client page, request page): the
 * API calls of the party edit dialogs. Every write refreshes what shows a party or its journal.
 */
export const partyKeys = {
  establishment: (id: string) => [...domainKey("clients"), "edit", id] as const,
};

export const getEstablishment = (id: string) => api.get<ClientDetail>(`/api/clients/${id}`);
export const useEstablishment = (id: string) =>
  useQuery({ queryKey: partyKeys.establishment(id), queryFn: () => getEstablishment(id), staleTime: 0 });

export const updateEstablishment = ({ id, body }: { id: string; body: UpdateEssmsBody }) =>
  api.put<SavedResult>(`/api/clients/${id}`, body);
export const updateContact = ({ id, body }: { id: string; body: UpdateContactBody }) =>
  api.put<SavedResult>(`/api/contacts/${id}`, body);
export const addContact = ({ clientId, body }: { clientId: string; body: ContactBody & { isMain?: boolean } }) =>
  api.post<SavedResult>(`/api/clients/${clientId}/contacts`, body);

function usePartyMutation<A>(fn: (args: A) => Promise<SavedResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "clients", "prospects", "timeline", "gestionnaires", "mails"),
  });
}
export const useUpdateEstablishment = () => usePartyMutation(updateEstablishment);
export const useUpdateContact = () => usePartyMutation(updateContact);
export const useAddContact = () => usePartyMutation(addContact);
