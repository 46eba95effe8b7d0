import type { CurrentUser, LoginBody } from "@certidesk/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const login = (body: LoginBody) => api.post<CurrentUser>("/auth/login", body);
export const useLogin = () => useMutation({ mutationFn: login });
