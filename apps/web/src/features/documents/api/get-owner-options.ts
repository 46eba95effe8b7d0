import type { LinkOption } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { documentKeys } from "./keys";

export type OwnerKind = "client" | "auditor";

/** Clients or evaluators a document can belong to (for those who may add documents). */
export const getOwnerOptions = (kind: OwnerKind, search?: string) =>
  api.get<LinkOption[]>(`/api/documents/owner-options${toQuery({ kind, search })}`);
export const ownerOptionsQueryOptions = (kind: OwnerKind, search?: string) =>
  queryOptions({
    queryKey: documentKeys.ownerOptions(kind, search ?? ""),
    queryFn: () => getOwnerOptions(kind, search),
  });
export const useOwnerOptions = (kind: OwnerKind, search: string | undefined, enabled: boolean) =>
  useQuery({ ...ownerOptionsQueryOptions(kind, search), enabled });
