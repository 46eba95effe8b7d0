import { domainKey } from "../../../lib/query-keys";

/** The query keys of the global search: its results for a text, its settings. */
export const searchKeys = {
  all: domainKey("search"),
  results: (q: string) => [...searchKeys.all, "results", q] as const,
  settings: () => [...searchKeys.all, "settings"] as const,
};
