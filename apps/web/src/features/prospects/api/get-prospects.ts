import type { ProspectListQuery, ProspectRow, ProspectType } from "@certidesk/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import type { Page } from "../../../lib/page";
import { prospectKeys } from "./keys";

export type ProspectTab = ProspectType | "ARCHIVE";

export const getProspects = (tab: ProspectTab, query: ProspectListQuery) =>
  api.get<Page<ProspectRow>>(
    tab === "ARCHIVE"
      ? `/api/requestclients/getListProspectArchive${toQuery({ ...query })}`
      : `/requestclients/getListProspectByProspectType/${tab}${toQuery({ ...query })}`,
  );
export const prospectsQueryOptions = (tab: ProspectTab, query: ProspectListQuery) =>
  queryOptions({
    queryKey: prospectKeys.list(tab, query),
    queryFn: () => getProspects(tab, query),
    placeholderData: keepPreviousData,
  });
export const useProspects = (tab: ProspectTab, query: ProspectListQuery) => useQuery(prospectsQueryOptions(tab, query));
