import type { ClientStatisticsQuery, LinkInterestQuery } from "@certidesk/shared";

export const statisticsKeys = {
  all: ["statistics"] as const,
  clients: (q: ClientStatisticsQuery) => [...statisticsKeys.all, "clients", q] as const,
  linkInterest: (q: LinkInterestQuery) => [...statisticsKeys.all, "link-interest", q] as const,
  filterOptions: () => [...statisticsKeys.all, "filter-options"] as const,
};

/** Filters as query parameters, the empty ones left out. */
export const filterRecord = (q: object) => q as Record<string, string | undefined>;
