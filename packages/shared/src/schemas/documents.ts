import { z } from "zod";
import { pageQuerySchema, versionSchema } from "./common.js";

/**
 * EXPENSE: the receipts of the evaluators' expenses, filed with their expense (never by hand), kept
 * apart from the evaluator's own file (CV, diplomas, insurance) of the AUDITOR family.
 */
export const DOCUMENT_FAMILIES = ["GENERAL", "RH", "AUDITOR", "CLIENT", "EXPENSE"] as const;
export type DocumentFamily = (typeof DOCUMENT_FAMILIES)[number];
export const DOCUMENT_FAMILY_LABELS: Record<DocumentFamily, string> = {
  GENERAL: "Documents généraux",
  RH: "Documents RH",
  AUDITOR: "Documents évaluateurs",
  CLIENT: "Documents clients",
  EXPENSE: "Justificatifs de frais",
};
/** The families a user files by hand in the library, with their categories (receipts come with their expense). */
export const FILED_DOCUMENT_FAMILIES = [
  "GENERAL",
  "RH",
  "AUDITOR",
  "CLIENT",
] as const satisfies readonly DocumentFamily[];

/** The spec's document types. */
export const DOCUMENT_TYPES = ["Référentiel", "Guide", "Procédure", "Conditions de vente", "Formulaire"] as const;

/** The spec's mission document meta codes, ready for the missions module. */
export const MISSION_DOCUMENT_META_CODES = {
  FEB: "FEB",
  MISSION_ORDER_AUDITOR: "OM ESSMS",
  MISSION_PROPOSITION_AUDITOR: "Proposition de mission (évaluateur)",
  MISSION_PROPOSITION_CLIENT: "Proposition de mission (établissement)",
  PREPARATION_PLAN: "Plan de préparation",
  DETAILED_PLAN: "Plan détaillé",
  LIST_OF_AT: "Liste des AT",
  FINAL_RAPPORT: "Rapport définitif",
  RAPPORT_PRELIMINARY: "Rapport préliminaire",
  RECEPTION_OBSERVATIONS: "Réception des observations",
  MISSION_FACTURE: "Facture",
  MISSION_FACTURE_CLIENT: "Facture client",
  MISSION_FRAIS: "Frais",
  MISSION_SATISFACTION_IN_EMAIL: "Questionnaire de satisfaction (e-mail)",
  PERFORMENCE_CRITERIA_DOC: "Retour de satisfaction du client",
  AUTRES_FEB: "Autres (Données)",
  AUTRES_EVALUATOR: "Autres (Évaluateur)",
  AUTRES_PREPARATION: "Autres (Préparation)",
  AUTRES_EVALUATION: "Autres (Évaluation)",
  AUTRES_FACTURE: "Autres (Facture)",
  AUTRES_FRAIS: "Autres (Frais)",
  AUTRES_PERFORMANCE: "Autres (Performance)",
} as const;

export const documentRowSchema = z.object({
  id: z.string(),
  family: z.enum(DOCUMENT_FAMILIES),
  documentType: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  currentVersion: z.number().int(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  auditorId: z.string().nullable(),
  auditorName: z.string().nullable(),
  missionId: z.string().nullable(),
  metaCode: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** Short-lived signed links (the spec's p + token): open in a new window without the session. */
  url: z.string(),
  downloadUrl: z.string(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;

export const listDocumentsQuerySchema = pageQuerySchema.extend({
  family: z.enum(DOCUMENT_FAMILIES).optional(),
  documentType: z.string().trim().max(60).optional(),
  categoryId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  auditorId: z.uuid().optional(),
  missionId: z.uuid().optional(),
  sort: z.enum(["name", "updatedAt", "size", "documentType"]).default("updatedAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});

export const updateDocumentBodySchema = z.object({
  name: z.string().trim().min(1, "Le nom du document est obligatoire.").max(200),
  description: z.string().trim().max(1000).nullable().default(null),
  documentType: z.enum(DOCUMENT_TYPES, { error: "Type de document inconnu." }).nullable().default(null),
  categoryId: z.uuid().nullable().default(null),
  version: versionSchema,
});
export type UpdateDocumentBody = z.input<typeof updateDocumentBodySchema>;

export const documentVersionSchema = z.object({
  id: z.string(),
  versionNumber: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});

export const documentCategorySchema = z.object({
  id: z.string(),
  family: z.enum(DOCUMENT_FAMILIES),
  name: z.string(),
  position: z.number().int(),
  documentCount: z.number().int(),
  version: z.number().int(),
});
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

export const saveDocumentCategoryBodySchema = z.object({
  family: z.enum(FILED_DOCUMENT_FAMILIES, { error: "Famille de documents inconnue." }),
  name: z.string().trim().min(1, "Le nom de la catégorie est obligatoire.").max(100),
  position: z.number().int().min(0).default(0),
  version: versionSchema.optional(),
});
