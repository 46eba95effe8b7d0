import { z } from "zod";
import { QUOTE_STATUSES } from "../commercial/quotes.js";
import { RECEVABILITY_DECISIONS, REQUEST_SERVICES, REQUEST_SOURCES, REQUEST_STATUSES } from "../commercial/requests.js";
import { searchTextSchema, typeError } from "../text.js";
import { contactSummarySchema, idSchema, versionSchema } from "./common.js";
import { contactSchema, optionalText } from "./parties.js";
import { trainingOrganisationSchema } from "./training-organisation.js";

export const PROSPECT_SORT_KEYS = [
  "reference",
  "raisonSocial",
  "postalCode",
  "contactName",
  "service",
  "status",
  "dateRelance",
  "createdAt",
] as const;
export type ProspectSortKey = (typeof PROSPECT_SORT_KEYS)[number];

export const prospectListQuerySchema = z.object({
  search: searchTextSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
  sortKey: z.enum(PROSPECT_SORT_KEYS, { error: "Colonne de tri inconnue." }).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
/** What the screens send: numbers as numbers. */
export interface ProspectListQuery {
  search?: string;
  page?: number;
  pageSize?: number;
  sortKey?: ProspectSortKey;
  direction?: "asc" | "desc";
}

const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  totalTTC: z.number(),
});

/** A row of the prospect lists (requests), with the spec's column keys. */
export const prospectRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  raisonSocial: z.string(),
  legalEntityId: z.string(),
  legalEntityRaisonSocial: z.string(),
  establishments: z.array(z.object({ id: z.string(), raisonSocial: z.string() })),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  tooltip: z.string(),
  isMultiClient: z.boolean(),
  isGestionnaire: z.boolean(),
  gestionnaireRaisonSocial: z.string().nullable(),
  contact: contactSummarySchema.nullable(),
  contactName: z.string(),
  contactDetails: z.string(),
  service: z.enum(REQUEST_SERVICES),
  source: z.enum(REQUEST_SOURCES),
  status: z.enum(REQUEST_STATUSES),
  refusalReason: z.string().nullable(),
  quote: quoteSummarySchema.nullable(),
  contractId: z.string().nullable(),
  dateRelance: z.string().nullable(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  version: z.number().int(),
});
export type ProspectRow = z.infer<typeof prospectRowSchema>;

export const createRequestBodySchema = z.object({
  legalEntityId: idSchema,
  clientIds: z.array(idSchema).min(1, "Choisissez au moins un établissement."),
  contactId: idSchema.nullable().default(null),
  service: z.enum(REQUEST_SERVICES, { error: "Choisissez la prestation." }),
  source: z.enum(REQUEST_SOURCES, { error: "Choisissez l'origine de la demande." }),
  receivedAt: z.iso.date({ error: "Date de réception invalide." }).optional(),
  wishedPeriod: optionalText(120),
  notes: optionalText(2000),
});
export type CreateRequestBody = z.input<typeof createRequestBodySchema>;

export const updateRequestBodySchema = createRequestBodySchema
  .omit({ legalEntityId: true, receivedAt: true })
  .extend({ version: versionSchema });
export type UpdateRequestBody = z.input<typeof updateRequestBodySchema>;

export const refuseRequestBodySchema = z.object({
  reason: z
    .string({ error: typeError("Indiquez le motif du refus.") })
    .trim()
    .min(1, "Indiquez le motif du refus.")
    .max(500),
  version: versionSchema,
});
export const versionBodySchema = z.object({ version: versionSchema });

export const establishmentOptionSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  finess: z.string().nullable(),
  city: z.string().nullable(),
  legalEntityId: z.string().nullable(),
  legalEntityRaisonSocial: z.string().nullable(),
  isClient: z.boolean(),
});
export type EstablishmentOption = z.infer<typeof establishmentOptionSchema>;

export const recevabilitySchema = z.object({
  checklist: z.array(z.object({ code: z.string(), label: z.string(), checked: z.boolean() })),
  decision: z.enum(RECEVABILITY_DECISIONS),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  documents: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  version: z.number().int(),
});
export type Recevability = z.infer<typeof recevabilitySchema>;

export const updateChecklistBodySchema = z.object({
  checked: z.array(z.string().max(40)).max(50),
  version: versionSchema,
});
export const recevabilityDecisionBodySchema = z
  .object({
    decision: z.enum(["RECEVABLE", "NON_RECEVABLE"], { error: "Choisissez la décision." }),
    reason: optionalText(1000),
    version: versionSchema,
  })
  .refine((v) => v.decision === "RECEVABLE" || v.reason !== null, {
    message: "Indiquez le motif de non-recevabilité.",
    path: ["reason"],
  });

export const requestDetailSchema = prospectRowSchema.extend({
  wishedPeriod: z.string().nullable(),
  notes: z.string().nullable(),
  receivedAt: z.string(),
  contactId: z.string().nullable(),
  contacts: z.array(contactSchema),
  legalEntity: z.object({
    id: z.string(),
    raisonSocial: z.string(),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
  }),
  establishmentDetails: z.array(
    z.object({
      id: z.string(),
      raisonSocial: z.string(),
      finess: z.string().nullable(),
      address: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
      category: z.string().nullable(),
      isClient: z.boolean(),
    }),
  ),
  quotes: z.array(quoteSummarySchema.extend({ createdAt: z.string(), sentAt: z.string().nullable() })),
  contract: z.object({ id: z.string(), number: z.string(), status: z.string() }).nullable(),
  recevability: recevabilitySchema.nullable(),
  /** A certification request's training-organisation data (null: not declared, or not a certification). */
  trainingOrganisation: trainingOrganisationSchema.nullable(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
