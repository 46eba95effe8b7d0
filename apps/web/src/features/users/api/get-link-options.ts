import type { LinkOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { userKeys } from "./keys";

export const getLinkOptions = (kind: "auditor" | "client", search?: string) =>
  api.get<LinkOption[]>(`/api/users/link-options${toQuery({ kind, search })}`);
export const linkOptionsQueryOptions = (kind: "auditor" | "client", search?: string) =>
  queryOptions({
    queryKey: userKeys.linkOptions(kind, search ?? ""),
    queryFn: () => getLinkOptions(kind, search),
  });
export const useLinkOptions = (kind: "auditor" | "client", search: string | undefined, enabled: boolean) =>
  useQuery({ ...linkOptionsQueryOptions(kind, search), enabled });
