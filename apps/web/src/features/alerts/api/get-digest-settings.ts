import type { AlertDigestSettings } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** Settings › Alertes: the hour (Paris) the daily digest of alerts leaves, with its version. */
export const getDigestSettings = () => api.get<AlertDigestSettings>("/api/alerts/digest/settings");
export const digestSettingsQueryOptions = () =>
  queryOptions({ queryKey: alertKeys.digestSettings(), queryFn: getDigestSettings });
export const useDigestSettings = () => useQuery(digestSettingsQueryOptions());
