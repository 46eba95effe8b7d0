import type { QueryClient } from "@tanstack/react-query";

/**
 * The first segment of every query key: one per domain of data. Each feature builds its keys from its
 * domain in its own `api/keys.ts` (a key factory: `clientKeys.detail(id)`), and a feature whose change
 * must refresh another domain (signing a contract makes clients) invalidates that domain by name here,
 * never by spelling another feature's keys: features do not import each other.
 */
export const QUERY_DOMAINS = [
  "accessibility",
  "accounting",
  "alerts",
  "audit-log",
  "auditors",
  "auth",
  "backups",
  "client-user",
  "clients",
  "configuration",
  "contracts",
  "documents",
  "expenses",
  "gestionnaires",
  "home",
  "invoices",
  "legal-entities",
  "mail-groups",
  "mail-templates",
  "mails",
  "missions",
  "numbering",
  "profiles",
  "prospects",
  "saved-views",
  "search",
  "timeline",
  "users",
  "wall",
] as const;
export type QueryDomain = (typeof QUERY_DOMAINS)[number];

/** The key of a whole domain: the root of its feature's key factory. */
export const domainKey = <D extends QueryDomain>(domain: D) => [domain] as const;

/** Refreshes every query of the given domains (after a change that touches them). */
export const invalidateDomains = (client: QueryClient, ...domains: QueryDomain[]) =>
  Promise.all(domains.map((domain) => client.invalidateQueries({ queryKey: domainKey(domain) })));
