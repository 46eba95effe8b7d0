import type { SearchSettings, SearchSettingsBody } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { searchKeys } from "./keys";

export const getSearchSettings = () => api.get<SearchSettings>("/api/settings/search");
export const useSearchSettings = () => useQuery({ queryKey: searchKeys.settings(), queryFn: getSearchSettings });

export const saveSearchSettings = (body: SearchSettingsBody) => api.put<SearchSettings>("/api/settings/search", body);
/** Saving changes what every search answers: the settings and the remembered results are read again. */
export function useSaveSearchSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSearchSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: searchKeys.all }),
  });
}
