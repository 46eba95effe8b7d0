import type { CurrentUser } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

export const getMe = () => api.get<CurrentUser>("/auth/me");
export const meQueryOptions = () =>
  queryOptions({ queryKey: [...domainKey("auth"), "me"], queryFn: getMe, staleTime: 60_000 });
export const useMe = (enabled: boolean) => useQuery({ ...meQueryOptions(), enabled });
