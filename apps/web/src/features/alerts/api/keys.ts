import type { AlertListQuery } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** Every alert query hangs under the "alerts" domain: one invalidation after an action refreshes lists and counts. */
export const alertKeys = {
  all: domainKey("alerts"),
  summary: () => [...domainKey("alerts"), "summary"] as const,
  list: (apiName: string, query: Partial<AlertListQuery>) => [...domainKey("alerts"), "list", apiName, query] as const,
  history: (id: string) => [...domainKey("alerts"), "history", id] as const,
  settings: () => [...domainKey("alerts"), "settings"] as const,
  digestSettings: () => [...domainKey("alerts"), "digest-settings"] as const,
};
