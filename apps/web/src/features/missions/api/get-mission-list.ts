import type { MissionListQuery, MissionRow } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { missionKeys } from "./keys";

const query = (p: Partial<MissionListQuery>) =>
  toQuery({
    status: p.status,
    auditorId: p.auditorId,
    from: p.from,
    to: p.to,
    search: p.search,
    sort: p.sort,
    direction: p.direction,
    page: p.page,
    pageSize: p.pageSize,
  });

export const getMissionList = (params: MissionListQuery) => api.get<Page<MissionRow>>(`/api/missions${query(params)}`);
export const missionListQueryOptions = (params: MissionListQuery) =>
  queryOptions({
    queryKey: missionKeys.list(params),
    queryFn: () => getMissionList(params),
    placeholderData: keepPreviousData,
  });
export const useMissionList = (params: MissionListQuery) => useQuery(missionListQueryOptions(params));

/** The XLSX export of the same list (same filters, every page): a plain link, the cookie authenticates it. */
export const missionExportUrl = ({ page: _p, pageSize: _s, ...params }: MissionListQuery) =>
  `/api/missions/export${query(params)}`;
