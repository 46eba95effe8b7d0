import { domainKey } from "../../../lib/query-keys";

/** The query keys of contracts and the options their tabs offer. */
export const contractKeys = {
  all: domainKey("contracts"),
  detail: (id: string) => [...contractKeys.all, "detail", id] as const,
  ofClient: (clientId: string) => [...contractKeys.all, "client", clientId] as const,
  auditorOptions: () => [...contractKeys.all, "auditors"] as const,
  deciderOptions: () => [...contractKeys.all, "deciders"] as const,
};
