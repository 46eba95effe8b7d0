import type { CurrentUser } from "@certidesk/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api.post<CurrentUser>("/auth/change-password", body);
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
