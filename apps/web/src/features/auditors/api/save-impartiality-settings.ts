import type { ImpartialitySettings } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const saveImpartialitySettings = (body: ImpartialitySettings) =>
  api.put<ImpartialitySettings>("/api/settings/impartiality", body);
export function useSaveImpartialitySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveImpartialitySettings,
    onSuccess: (saved) => client.setQueryData(auditorKeys.impartialitySettings(), saved),
  });
}
