import type { LinkInterestQuery, LinkInterestStatistics } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { filterRecord, statisticsKeys } from "./keys";

export const getLinkInterest = (q: LinkInterestQuery) =>
  api.get<LinkInterestStatistics>(`/api/statistics/link-interest${toQuery(filterRecord(q))}`);
export const linkInterestQueryOptions = (q: LinkInterestQuery) =>
  queryOptions({
    queryKey: statisticsKeys.linkInterest(q),
    queryFn: () => getLinkInterest(q),
    placeholderData: keepPreviousData,
  });
export const useLinkInterest = (q: LinkInterestQuery, enabled = true) =>
  useQuery({ ...linkInterestQueryOptions(q), enabled });

/** The XLSX export of the same tables (same filters). */
export const linkInterestExportUrl = (q: LinkInterestQuery) =>
  `/api/statistics/link-interest/export.xlsx${toQuery(filterRecord(q))}`;
