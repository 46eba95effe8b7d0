import type { AuditorListQuery, AuditorRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { auditorKeys } from "./keys";

const query = (q: AuditorListQuery) => toQuery(q as Record<string, string | number | undefined>);
export const getAuditorList = (q: AuditorListQuery) => api.get<Page<AuditorRow>>(`/api/auditors${query(q)}`);
export const auditorListQueryOptions = (q: AuditorListQuery) =>
  queryOptions({
    queryKey: auditorKeys.list(q),
    queryFn: () => getAuditorList(q),
    placeholderData: keepPreviousData,
  });
export const useAuditorList = (q: AuditorListQuery) => useQuery(auditorListQueryOptions(q));

/** The XLSX export of the same list: a plain link, the session cookie authenticates the download. */
export const auditorExportUrl = (q: AuditorListQuery) =>
  `/api/auditors/export${query({ ...q, page: undefined, pageSize: undefined })}`;
