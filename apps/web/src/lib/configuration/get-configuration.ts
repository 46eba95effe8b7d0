import type { Configuration } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { domainKey } from "../query-keys";

export const getConfiguration = () => api.get<Configuration>("/configuration/getConfiguration");
export const configurationQueryOptions = () =>
  queryOptions({ queryKey: domainKey("configuration"), queryFn: getConfiguration, staleTime: 5 * 60_000 });
export const useConfiguration = () => useQuery(configurationQueryOptions());
