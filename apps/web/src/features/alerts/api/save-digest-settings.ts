import type { AlertDigestSettings } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** The digest's new hour, with the version read (a stale one answers 409). */
export const saveDigestSettings = (body: AlertDigestSettings) =>
  api.put<AlertDigestSettings>("/api/alerts/digest/settings", body);
export function useSaveDigestSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDigestSettings,
    onSuccess: (saved) => client.setQueryData(alertKeys.digestSettings(), saved),
  });
}
