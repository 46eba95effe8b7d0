import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import type { AlertSetting } from "./get-alert-settings";

export interface SaveAlertSettingBody {
  code: string;
  days: number;
  /** The version read: a stale one answers 409 and changes nothing. */
  version: number;
}

/** A rule's new threshold; every alert list and count follows it. */
export const saveAlertSetting = (body: SaveAlertSettingBody) => api.put<AlertSetting>("/api/alerts/settings", body);
export function useSaveAlertSetting() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAlertSetting, onSuccess: () => invalidateDomains(client, "alerts") });
}
