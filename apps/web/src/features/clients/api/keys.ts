import type { ClientListBody } from "@certidesk/shared";
import { domainKey } from "../../../lib/query-keys";

/** The query keys of clients (ESSMS) and of the legal-entity and gestionnaire options their forms offer. */
export const clientKeys = {
  all: domainKey("clients"),
  list: (body: ClientListBody) => [...clientKeys.all, "list", body] as const,
  detail: (id: string) => [...clientKeys.all, "detail", id] as const,
  legalEntityOptions: (search: string) => [...domainKey("legal-entities"), "options", search] as const,
  gestionnaireOptions: () => [...domainKey("gestionnaires"), "options"] as const,
};
