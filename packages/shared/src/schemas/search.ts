import { z } from "zod";
import { searchTextSchema } from "../text.js";
import { versionSchema } from "./common.js";

/**
 * What the global search looks through (issue 40), in the order its groups are shown when their best
 * results are equally good.
 */
export const SEARCH_KINDS = [
  "client",
  "gestionnaire",
  "contact",
  "request",
  "quote",
  "contract",
  "mission",
  "invoice",
  "evaluator",
  "document",
  "mail",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  client: "Clients et établissements",
  gestionnaire: "Gestionnaires",
  contact: "Contacts",
  request: "Demandes",
  quote: "Devis",
  contract: "Contrats",
  mission: "Missions",
  invoice: "Factures et avoirs",
  evaluator: "Évaluateurs",
  document: "Documents",
  mail: "E-mails",
};

/** `GET /api/search?q=…`: what the user typed (the server folds it and splits it into words). */
export const searchQuerySchema = z.object({ q: searchTextSchema.default("") });

/** One record found: its title and a line that tells it apart, and where the application opens it. */
const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The address of the screen that shows the record to this user (`/app/…`, the portal, the evaluator space). */
  path: z.string(),
  /** Found only through a word corrected for a typo ("ehapd" → "ehpad"). */
  corrected: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The results grouped by kind, the group with the best result first; kinds without results are left out. */
export const searchResponseSchema = z.object({
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), results: z.array(searchResultSchema) })),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Results shown per kind: the range Settings › Recherche offers, and the default. */
export const SEARCH_RESULTS_PER_KIND = { min: 1, max: 20, default: 5 } as const;

/** Settings › Recherche: which kinds the search looks through, and how many results each shows. */
export const searchSettingsSchema = z.object({
  kinds: z.array(z.enum(SEARCH_KINDS)),
  resultsPerKind: z.number().int(),
  version: z.number().int(),
});
export type SearchSettings = z.infer<typeof searchSettingsSchema>;

export const searchSettingsBodySchema = z.object({
  kinds: z
    .array(z.enum(SEARCH_KINDS, { error: "Sorte d'enregistrement inconnue." }))
    .min(1, "Cochez au moins une sorte d'enregistrement à chercher.")
    .refine((kinds) => new Set(kinds).size === kinds.length, "Une sorte d'enregistrement n'est cochée qu'une fois."),
  resultsPerKind: z
    .number({ error: "Nombre de résultats attendu." })
    .int("Nombre entier de résultats.")
    .min(SEARCH_RESULTS_PER_KIND.min, `Au moins ${SEARCH_RESULTS_PER_KIND.min} résultat par sorte.`)
    .max(SEARCH_RESULTS_PER_KIND.max, `${SEARCH_RESULTS_PER_KIND.max} résultats par sorte au plus.`),
  version: versionSchema,
});
export type SearchSettingsBody = z.input<typeof searchSettingsBodySchema>;
