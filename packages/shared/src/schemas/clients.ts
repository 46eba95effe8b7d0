import { z } from "zod";
import { CONTRACT_STATUSES } from "../commercial/contracts.js";
import { CLIENT_LIST_FILTERS } from "../commercial/establishments.js";
import { searchTextSchema } from "../text.js";
import { contactSummarySchema } from "./common.js";
import { contactSchema } from "./parties.js";

export const CLIENT_SORT_KEYS = [
  "raisonSocial",
  "postalCode",
  "city",
  "contactName",
  "gestionnaireRaisonSocial",
  "evaluationDate",
  "dateRelance",
  "status",
  "createdAt",
] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

const sortSchema = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.object({ key: z.enum(keys, { error: "Colonne de tri inconnue." }), direction: z.enum(["asc", "desc"]) });

/** Body of POST /api/client/getListClient. */
export const clientListBodySchema = z.object({
  filter: z.enum(CLIENT_LIST_FILTERS, { error: "Filtre inconnu." }).default("all"),
  search: searchTextSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  sort: sortSchema(CLIENT_SORT_KEYS).nullable().optional(),
});
export type ClientListBody = z.input<typeof clientListBodySchema>;
export type ClientListQuery = z.output<typeof clientListBodySchema>;

/** Query of GET /api/clients/extractClientList: the list's filters, as query parameters. */
export const clientExportQuerySchema = z.object({
  filter: z.enum(CLIENT_LIST_FILTERS, { error: "Filtre inconnu." }).default("all"),
  search: searchTextSchema.optional(),
  sortKey: z.enum(CLIENT_SORT_KEYS).optional(),
  direction: z.enum(["asc", "desc"]).default("asc"),
});

/** A row of the client list, with the spec's column keys (§3). */
export const clientRowSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  finess: z.string().nullable(),
  legalEntityId: z.string().nullable(),
  legalEntityRaisonSocial: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  departement: z.string().nullable(),
  tooltip: z.string(),
  isMultiClient: z.boolean(),
  isRegroupingClient: z.boolean(),
  isGestionnaire: z.boolean(),
  gestionnaireId: z.string().nullable(),
  gestionnaireRaisonSocial: z.string().nullable(),
  contact: contactSummarySchema.nullable(),
  contactName: z.string(),
  contactDetails: z.string(),
  evaluationDate: z.string().nullable(),
  evaluationFinishedAt: z.string().nullable(),
  dateRelance: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES).nullable(),
  contractId: z.string().nullable(),
  createdAt: z.string(),
  clientSince: z.string().nullable(),
});
export type ClientRow = z.infer<typeof clientRowSchema>;

/** One establishment with everything its timeline header shows. */
export const clientDetailSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  finess: z.string().nullable(),
  siret: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  departement: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  typologySector: z.string().nullable(),
  typologyType: z.string().nullable(),
  category: z.string().nullable(),
  sectorDomains: z.array(z.string()),
  publicKeyTypes: z.array(z.string()),
  capacity: z.number().int().nullable(),
  atc: z.string().nullable(),
  billingEmail: z.string().nullable(),
  chorusBuyerSiret: z.string().nullable(),
  chorusServiceCode: z.string().nullable(),
  chorusEngagementNumber: z.string().nullable(),
  regroupingStatus: z.number().int().nullable(),
  evaluationDate: z.string().nullable(),
  evaluationFinishedAt: z.string().nullable(),
  dateRelance: z.string().nullable(),
  clientSince: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  legalEntity: z
    .object({
      id: z.string(),
      raisonSocial: z.string(),
      siren: z.string().nullable(),
      siret: z.string().nullable(),
      vatNumber: z.string().nullable(),
      address: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable(),
  gestionnaire: z.object({ id: z.string(), raisonSocial: z.string() }).nullable(),
  siblings: z.array(z.object({ id: z.string(), raisonSocial: z.string(), city: z.string().nullable() })),
  contacts: z.array(contactSchema),
  contracts: z.array(z.object({ id: z.string(), number: z.string(), status: z.enum(CONTRACT_STATUSES) })),
  requests: z.array(z.object({ id: z.string(), reference: z.string(), status: z.string() })),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const gestionnaireRowSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  siren: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  legalEntities: z.number().int(),
  establishments: z.number().int(),
  clients: z.number().int(),
  contact: contactSummarySchema.nullable(),
  contactName: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type GestionnaireRow = z.infer<typeof gestionnaireRowSchema>;

export const GESTIONNAIRE_SORT_KEYS = ["raisonSocial", "city", "establishments", "createdAt"] as const;
export const gestionnaireListQuerySchema = z.object({
  search: searchTextSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  sortKey: z.enum(GESTIONNAIRE_SORT_KEYS).default("raisonSocial"),
  direction: z.enum(["asc", "desc"]).default("asc"),
});
/** What the screens send: numbers as numbers. */
export interface GestionnaireListQuery {
  search?: string;
  page?: number;
  pageSize?: number;
  sortKey?: (typeof GESTIONNAIRE_SORT_KEYS)[number];
  direction?: "asc" | "desc";
}

export const gestionnaireDetailSchema = gestionnaireRowSchema.extend({
  address: z.string().nullable(),
  contacts: z.array(contactSchema),
  legalEntityList: z.array(
    z.object({
      id: z.string(),
      raisonSocial: z.string(),
      siren: z.string().nullable(),
      city: z.string().nullable(),
      establishments: z.array(
        z.object({
          id: z.string(),
          raisonSocial: z.string(),
          finess: z.string().nullable(),
          city: z.string().nullable(),
          isClient: z.boolean(),
          evaluationDate: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type GestionnaireDetail = z.infer<typeof gestionnaireDetailSchema>;

/** The client of a client user (GET /api/client/get-client-user): what the portal shows. */
export const portalClientSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  siret: z.string().nullable(),
  finess: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  legalEntityRaisonSocial: z.string().nullable(),
  evaluationDate: z.string().nullable(),
  evaluationFinishedAt: z.string().nullable(),
  clientSince: z.string().nullable(),
});
export type PortalClient = z.infer<typeof portalClientSchema>;
