import type { AlertPageCode } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** One rule with a threshold (Settings › Alertes): its page, what it watches, the days, and the row's version. */
export interface AlertSetting {
  code: string;
  page: AlertPageCode;
  title: string;
  /** What the days measure, e.g. "Jours après l'envoi". */
  label: string;
  days: number;
  defaultDays: number;
  version: number;
}

export const getAlertSettings = () => api.get<AlertSetting[]>("/api/alerts/settings");
export const alertSettingsQueryOptions = () =>
  queryOptions({ queryKey: alertKeys.settings(), queryFn: getAlertSettings });
export const useAlertSettings = () => useQuery(alertSettingsQueryOptions());
