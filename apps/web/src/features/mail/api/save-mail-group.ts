import type { MailGroup } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { mailKeys } from "./keys";

export interface MailGroupInput {
  name: string;
  description: string | null;
  emails: string[];
}

export const createMailGroup = (body: MailGroupInput) => api.post<MailGroup>("/api/mail-groups", body);
export const updateMailGroup = ({ id, body }: { id: string; body: MailGroupInput & { version: number } }) =>
  api.put<MailGroup>(`/api/mail-groups/${id}`, body);
export const deleteMailGroup = (id: string) => api.delete<{ ok: true }>(`/api/mail-groups/${id}`);

function useGroupMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: mailKeys.groups() }) });
}

export const useCreateMailGroup = () => useGroupMutation(createMailGroup);
export const useUpdateMailGroup = () => useGroupMutation(updateMailGroup);
export const useDeleteMailGroup = () => useGroupMutation(deleteMailGroup);
