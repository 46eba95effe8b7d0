import type { AlertSetting, UpdateAlertSettingBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";

/** A rule's new threshold, with the version read (a stale one answers 409); every list and count follows it. */
export const saveAlertSetting = (body: UpdateAlertSettingBody) => api.put<AlertSetting>("/api/alerts/settings", body);
export function useSaveAlertSetting() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAlertSetting, onSuccess: () => invalidateDomains(client, "alerts") });
}
