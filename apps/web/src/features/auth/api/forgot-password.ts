import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Always the same answer, whether the identifier exists or not (no account probing). */
export const forgotPassword = (body: { identifier: string }) =>
  api.post<{ message: string }>("/auth/forgot-password", body);
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
