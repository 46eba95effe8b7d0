import type { BlockActionData } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

export const getBlockActionData = () => api.get<BlockActionData>("/configuration/getDataToCheckBlockAction");
export const blockActionDataQueryOptions = () =>
  queryOptions({ queryKey: ["configuration", "block-actions"], queryFn: getBlockActionData });
export const useBlockActionData = () => useQuery(blockActionDataQueryOptions());
