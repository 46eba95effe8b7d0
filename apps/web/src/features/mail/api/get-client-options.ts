import type { LinkOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { mailKeys } from "./keys";

/** Clients to fill a template preview with (users' link options: the one client lookup the API has). */
export const getClientOptions = (search?: string) =>
  api.get<LinkOption[]>(`/api/users/link-options${toQuery({ kind: "client", search })}`);
export const clientOptionsQueryOptions = (search?: string) =>
  queryOptions({ queryKey: mailKeys.clientOptions(search ?? ""), queryFn: () => getClientOptions(search) });
export const useClientOptions = (search?: string) => useQuery(clientOptionsQueryOptions(search));
