import { domainKey } from "../../../lib/query-keys";

/** The query keys of gestionnaires (managing bodies). */
export const gestionnaireKeys = {
  all: domainKey("gestionnaires"),
  list: <Q>(query: Q) => [...gestionnaireKeys.all, "list", query] as const,
  detail: (id: string) => [...gestionnaireKeys.all, "detail", id] as const,
};
