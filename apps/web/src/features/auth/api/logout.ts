import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const logout = () => api.post<{ ok: true }>("/auth/logout");
export const useLogout = () => useMutation({ mutationFn: logout });
