import type { AlertDigestPreference } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertDigestPreferenceKey } from "./get-alert-digest-preference";

export const saveAlertDigestPreference = (body: { alertDigest: boolean }) =>
  api.put<AlertDigestPreference>("/api/alerts/digest/preference", body);
export const useSaveAlertDigestPreference = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAlertDigestPreference,
    onSuccess: (saved) => client.setQueryData(alertDigestPreferenceKey, saved),
  });
};
