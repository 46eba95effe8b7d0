import { domainKey } from "../../../lib/query-keys";

export const backupKeys = {
  all: domainKey("backups"),
  overview: () => [...domainKey("backups"), "overview"] as const,
};
