import { domainKey } from "../../../lib/query-keys";

/** The query keys of the document library. */
export const documentKeys = {
  all: domainKey("documents"),
  list: <F>(filter: F) => [...documentKeys.all, "list", filter] as const,
  versions: (id: string) => [...documentKeys.all, "versions", id] as const,
  categories: () => [...documentKeys.all, "categories"] as const,
  ownerOptions: (kind: string, search: string) => [...documentKeys.all, "owner-options", kind, search] as const,
};
