import type { AlertPageSummary } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** The alert pages the user may see, each with its count: the landing page's tabs. */
export const getAlertSummary = () => api.get<AlertPageSummary[]>("/api/alerts/summary");
export const alertSummaryQueryOptions = () => queryOptions({ queryKey: alertKeys.summary(), queryFn: getAlertSummary });
export const useAlertSummary = () => useQuery(alertSummaryQueryOptions());
