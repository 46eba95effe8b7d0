import type { ClientStatistics, ClientStatisticsQuery } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { filterRecord, statisticsKeys } from "./keys";

export const getClientStatistics = (q: ClientStatisticsQuery) =>
  api.get<ClientStatistics>(`/api/statistics/clients${toQuery(filterRecord(q))}`);
export const clientStatisticsQueryOptions = (q: ClientStatisticsQuery) =>
  queryOptions({
    queryKey: statisticsKeys.clients(q),
    queryFn: () => getClientStatistics(q),
    placeholderData: keepPreviousData,
  });
export const useClientStatistics = (q: ClientStatisticsQuery, enabled = true) =>
  useQuery({ ...clientStatisticsQueryOptions(q), enabled });

/** The XLSX export of the same figures: a plain link, the session cookie authenticates the download. */
export const clientStatisticsExportUrl = (q: ClientStatisticsQuery) =>
  `/api/statistics/clients/export.xlsx${toQuery(filterRecord(q))}`;
