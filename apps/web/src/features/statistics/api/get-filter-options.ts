import type { StatisticsFilterOptions } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { statisticsKeys } from "./keys";

export const getStatisticsFilterOptions = () => api.get<StatisticsFilterOptions>("/api/statistics/filter-options");
export const statisticsFilterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: statisticsKeys.filterOptions(),
    queryFn: getStatisticsFilterOptions,
    staleTime: 5 * 60_000,
  });
export const useStatisticsFilterOptions = () => useQuery(statisticsFilterOptionsQueryOptions());
