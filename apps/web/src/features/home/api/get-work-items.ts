import type { WorkItem } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

export const getWorkItems = () => api.get<WorkItem[]>("/api/home/work-items");
export const workItemsQueryOptions = () =>
  queryOptions({ queryKey: [...domainKey("home"), "work-items"], queryFn: getWorkItems });
export const useWorkItems = () => useQuery(workItemsQueryOptions());
