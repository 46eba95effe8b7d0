import type { BlockActionData } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { domainKey } from "../query-keys";

export const getBlockActionData = () => api.get<BlockActionData>("/configuration/getDataToCheckBlockAction");
export const blockActionDataQueryOptions = () =>
  queryOptions({ queryKey: [...domainKey("configuration"), "block-actions"], queryFn: getBlockActionData });
export const useBlockActionData = () => useQuery(blockActionDataQueryOptions());
