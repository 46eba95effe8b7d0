import type { AlertDigestPreference } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const alertDigestPreferenceKey = ["account", "alert-digest"] as const;
export const getAlertDigestPreference = () => api.get<AlertDigestPreference>("/api/alerts/digest/preference");
export const alertDigestPreferenceOptions = () =>
  queryOptions({ queryKey: alertDigestPreferenceKey, queryFn: getAlertDigestPreference });
export const useAlertDigestPreference = (enabled: boolean) => useQuery({ ...alertDigestPreferenceOptions(), enabled });
