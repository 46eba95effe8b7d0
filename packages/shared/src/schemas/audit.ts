import { z } from "zod";
import { searchTextSchema } from "../text.js";
import { pageResultSchema } from "./common.js";

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: "Utilisateur",
  profile: "Profil",
  configuration: "Configuration",
  accessibility_statement: "Déclaration d'accessibilité",
  demo: "Démonstration",
  document: "Document",
  "document-category": "Catégorie de documents",
  mail: "E-mail",
  "mail-template": "Modèle d'e-mail",
  "mail-group": "Liste d'e-mails",
  client: "Établissement",
  "legal-entity": "Entité juridique",
  gestionnaire: "Gestionnaire",
  request: "Demande",
  quote: "Devis",
  contract: "Contrat",
  numbering: "Numérotation",
  timeline: "Historique",
};

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
  search: searchTextSchema.optional(),
  entityType: z.string().trim().max(50).optional(),
  action: z.string().trim().max(50).optional(),
  from: z.iso.date({ error: "Date de début invalide." }).optional(),
  to: z.iso.date({ error: "Date de fin invalide." }).optional(),
  sort: z.enum(["occurredAt", "actorLabel", "entityType", "action"]).default("occurredAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
/** What the screens send: every field optional, numbers as numbers. */
export interface AuditLogQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  entityType?: string;
  action?: string;
  from?: string;
  to?: string;
  sort?: "occurredAt" | "actorLabel" | "entityType" | "action";
  direction?: "asc" | "desc";
}

export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  actorLabel: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  changes: z.unknown().nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;

/**
 * A search or a date range counts at most this many entries: counting exactly the 200,000 entries of a
 * frequent word took 40 ms of the database on every page, for a figure nobody pages through. Past it the
 * screen says "plus de 10 000" and the pages go as far as the cap.
 */
export const AUDIT_COUNT_CAP = 10_000;
export const auditPageSchema = pageResultSchema(auditEntrySchema).extend({
  /** true when the count stopped at AUDIT_COUNT_CAP: more entries match than `total`. */
  totalCapped: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
