import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const resetPassword = (body: { token: string; password: string }) =>
  api.post<{ ok: true }>("/auth/reset-password", body);
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
