import type { AlertHistoryEntry } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** What was done to one alert (its HISTORY), oldest first. */
export const getAlertHistory = (id: string) => api.get<AlertHistoryEntry[]>(`/api/alerts/history${toQuery({ id })}`);
export const alertHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: alertKeys.history(id), queryFn: () => getAlertHistory(id) });
export const useAlertHistory = (id: string | null) =>
  useQuery({ ...alertHistoryQueryOptions(id ?? ""), enabled: id !== null });
