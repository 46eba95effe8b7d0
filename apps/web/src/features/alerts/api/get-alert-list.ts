import type { AlertList, AlertListQuery } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { alertKeys } from "./keys";

/** One alert page's rows (`GET /api/alerts/getAlert{apiName}`), searched, filtered and paged by the server. */
export const getAlertList = (apiName: string, query: Partial<AlertListQuery>) =>
  api.get<AlertList>(`/api/alerts/getAlert${apiName}${toQuery(query)}`);
export const alertListQueryOptions = (apiName: string, query: Partial<AlertListQuery>) =>
  queryOptions({
    queryKey: alertKeys.list(apiName, query),
    queryFn: () => getAlertList(apiName, query),
    placeholderData: keepPreviousData,
  });
export const useAlertList = (apiName: string, query: Partial<AlertListQuery>) =>
  useQuery(alertListQueryOptions(apiName, query));
