import { domainKey } from "../../../lib/query-keys";

/** The client portal's query keys (domain "client-user"). */
export const portalKeys = {
  all: domainKey("client-user"),
  missions: () => [...domainKey("client-user"), "missions"] as const,
  invoices: () => [...domainKey("client-user"), "invoices"] as const,
};
