import type { PortalClient } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { domainKey } from "../../../lib/query-keys";

export const getClientUser = () => api.get<PortalClient>("/api/client/get-client-user");
export const clientUserQueryOptions = () =>
  queryOptions({ queryKey: domainKey("client-user"), queryFn: getClientUser });
export const useClientUser = () => useQuery(clientUserQueryOptions());
