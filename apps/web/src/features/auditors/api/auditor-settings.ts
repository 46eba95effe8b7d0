import type { FareClass, FareClassBody, ImpartialitySettings } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const useFareClasses = () =>
  useQuery({ queryKey: ["fare-classes"], queryFn: () => api.get<FareClass[]>("/api/fare-classes") });

export function useSaveFareClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FareClassBody }) =>
      id ? api.put<FareClass>(`/api/fare-classes/${id}`, body) : api.post<FareClass>("/api/fare-classes", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["fare-classes"] }),
  });
}

export function useRemoveFareClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/fare-classes/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["fare-classes"] }),
  });
}

export const useImpartialitySettings = () =>
  useQuery({
    queryKey: ["settings", "impartiality"],
    queryFn: () => api.get<ImpartialitySettings>("/api/settings/impartiality"),
  });

export function useSaveImpartialitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImpartialitySettings) => api.put<ImpartialitySettings>("/api/settings/impartiality", body),
    onSuccess: (saved) => client.setQueryData(["settings", "impartiality"], saved),
  });
}
