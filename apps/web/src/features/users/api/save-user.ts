import type { CreateUserBody, SavedResult, TemporaryPasswordResult, UpdateUserBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";

export const createUser = (body: CreateUserBody) => api.post<SavedResult>("/api/users", body);
export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api.put<SavedResult>(`/api/users/${id}`, body);
export const setUserActive = ({ id, active, version }: { id: string; active: boolean; version: number }) =>
  api.post<SavedResult>(`/api/users/${id}/active`, { active, version });
export const sendResetLink = (id: string) => api.post<{ ok: true }>(`/api/users/${id}/reset-link`);
export const issueTemporaryPassword = (id: string) =>
  api.post<TemporaryPasswordResult>(`/api/users/${id}/temporary-password`);

/** Every user mutation refreshes the lists (and the profiles' user counts). */
function useUserMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "users", "profiles"),
  });
}

export const useCreateUser = () => useUserMutation(createUser);
export const useUpdateUser = () => useUserMutation(updateUser);
export const useSetUserActive = () => useUserMutation(setUserActive);
export const useSendResetLink = () => useUserMutation(sendResetLink);
export const useIssueTemporaryPassword = () => useUserMutation(issueTemporaryPassword);
