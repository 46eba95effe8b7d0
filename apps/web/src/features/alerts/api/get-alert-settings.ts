import type { AlertSetting } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** Settings › Alertes: each rule with a threshold in days, with its version (0: the default applies). */
export const getAlertSettings = () => api.get<AlertSetting[]>("/api/alerts/settings");
export const alertSettingsQueryOptions = () =>
  queryOptions({ queryKey: alertKeys.settings(), queryFn: getAlertSettings });
export const useAlertSettings = () => useQuery(alertSettingsQueryOptions());
