import { domainKey } from "../../../lib/query-keys";

/** The wall's query keys: the feed pages, the unread count, the library search of the composer. */
export const wallKeys = {
  all: domainKey("wall"),
  feed: (page: number, pageSize: number) => [...wallKeys.all, "feed", page, pageSize] as const,
  unread: () => [...wallKeys.all, "unread"] as const,
  library: (search: string) => [...wallKeys.all, "library", search] as const,
};
