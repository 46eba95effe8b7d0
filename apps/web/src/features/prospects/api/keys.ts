import type { ProspectListQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";
import type { ProspectTab } from "./get-prospects";

/** The query keys of requests (prospects), their quotes and establishment options. */
export const prospectKeys = {
  all: domainKey("prospects"),
  list: (tab: ProspectTab, query: ProspectListQuery) => [...prospectKeys.all, "list", tab, query] as const,
  detail: (id: string) => [...prospectKeys.all, "detail", id] as const,
  quotes: (requestId: string) => [...prospectKeys.all, "quotes", requestId] as const,
  establishments: (search: string) => [...prospectKeys.all, "establishments", search] as const,
};
