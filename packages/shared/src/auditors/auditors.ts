import { z } from "zod";
import { PUBLIC_KEY_TYPES, SECTOR_DOMAINS } from "../commercial/establishments.js";
import { digitsOnly, isValidSiret } from "../identifiers.js";
import { euros } from "../schemas/money.js";
import { emailSchema, phoneSchema } from "../schemas/parties.js";
import { searchTextSchema, typeError } from "../text.js";

/** Evaluators (the spec's auditors): their file, links of interest, availability, documents. */

const blankToNull = (v: string) => v || null;
const text = (max: number) =>
  z.string().trim().max(max, `Saisissez au plus ${max} caractères.`).transform(blankToNull).nullable().default(null);
const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} : ${max} caractères au plus.`);
const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
// The same e-mail and phone rules as a contact's.
const email = emailSchema;
const phone = phoneSchema;
const uniq = <T>(v: T[]) => [...new Set(v)];

export const AUDITOR_STATUSES = ["SALARIE", "INDEPENDANT"] as const;
export type AuditorStatus = (typeof AUDITOR_STATUSES)[number];
export const AUDITOR_STATUS_LABELS: Record<AuditorStatus, string> = {
  SALARIE: "Salarié(e)",
  INDEPENDANT: "Indépendant(e)",
};

export const CIVILITIES = ["M.", "Mme"] as const;

export const AUDITOR_ROLES = ["EVALUATOR", "COORDINATOR"] as const;
export type AuditorRole = (typeof AUDITOR_ROLES)[number];
export const AUDITOR_ROLE_LABELS: Record<AuditorRole, string> = {
  EVALUATOR: "Évaluateur(rice)",
  COORDINATOR: "Coordinateur(rice)",
};

/** The spec's auditor document family, each kind with how long it stays valid (null: no expiry). */
export const AUDITOR_DOCUMENT_KINDS = [
  "CV",
  "DIPLOMA",
  "REFERENTIEL_TRAINING",
  "IMPARTIALITY_DECLARATION",
  "RC_PRO_INSURANCE",
  "URSSAF_VIGILANCE",
] as const;
export type AuditorDocumentKind = (typeof AUDITOR_DOCUMENT_KINDS)[number];
export const AUDITOR_DOCUMENT_KIND_LABELS: Record<AuditorDocumentKind, string> = {
  CV: "CV",
  DIPLOMA: "Diplômes",
  REFERENTIEL_TRAINING: "Attestation de formation au référentiel HAS",
  IMPARTIALITY_DECLARATION: "Déclaration d'impartialité signée",
  RC_PRO_INSURANCE: "Assurance responsabilité civile professionnelle",
  URSSAF_VIGILANCE: "Attestation de vigilance URSSAF",
};
/** Months a new document of the kind is usually valid: the default the upload form proposes. */
export const AUDITOR_DOCUMENT_VALIDITY_MONTHS: Record<AuditorDocumentKind, number | null> = {
  CV: null,
  DIPLOMA: null,
  REFERENTIEL_TRAINING: null,
  IMPARTIALITY_DECLARATION: 12,
  RC_PRO_INSURANCE: 12,
  URSSAF_VIGILANCE: 6,
};
/** The kinds an evaluator must hold, valid on every visit day (URSSAF only for a freelancer). */
export function requiredDocumentKinds(status: AuditorStatus | string): AuditorDocumentKind[] {
  const base: AuditorDocumentKind[] = [
    "CV",
    "DIPLOMA",
    "REFERENTIEL_TRAINING",
    "IMPARTIALITY_DECLARATION",
    "RC_PRO_INSURANCE",
  ];
  return status === "INDEPENDANT" ? [...base, "URSSAF_VIGILANCE"] : base;
}
/** Kinds that must carry a validity date (the others are valid until replaced). */
export const documentKindNeedsValidity = (kind: AuditorDocumentKind) => AUDITOR_DOCUMENT_VALIDITY_MONTHS[kind] !== null;

const DOCUMENT_STATES = ["OK", "EXPIRING", "MISSING_OR_EXPIRED"] as const;
export type AuditorDocumentState = (typeof DOCUMENT_STATES)[number];
export const DOCUMENT_STATE_LABELS: Record<AuditorDocumentState, string> = {
  OK: "À jour",
  EXPIRING: "Expire bientôt",
  MISSING_OR_EXPIRED: "Manquant ou expiré",
};

const departementCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{2}|2A|2B|97\d)$/, "Département inconnu (ex. 69, 2A, 974).");

export const auditorBodySchema = z
  .object({
    civility: z.enum(CIVILITIES, { error: "Civilité : M. ou Mme." }).nullable().default(null),
    firstName: required("Le prénom"),
    lastName: required("Le nom"),
    email,
    phone,
    mobilePhone: phone,
    address: text(200),
    postalCode: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{5}$/.test(v), "Le code postal doit contenir 5 chiffres.")
      .transform(blankToNull)
      .nullable()
      .default(null),
    city: text(100),
    status: z.enum(AUDITOR_STATUSES, { error: "Statut : salarié ou indépendant." }),
    siret: z
      .string()
      .trim()
      .transform(digitsOnly)
      .refine((v) => v === "" || isValidSiret(v), "Le SIRET doit contenir 14 chiffres valides.")
      .transform(blankToNull)
      .nullable()
      .default(null),
    active: z.boolean().default(true),
    sectorDomains: z
      .array(z.enum(SECTOR_DOMAINS, { error: "Domaine inconnu." }))
      .default([])
      .transform(uniq),
    publicTypes: z
      .array(z.enum(PUBLIC_KEY_TYPES, { error: "Type de public inconnu." }))
      .default([])
      .transform(uniq),
    referentielTrainingDate: isoDate("Formation au référentiel").nullable().default(null),
    roles: z.array(z.enum(AUDITOR_ROLES)).min(1, "Choisissez au moins un rôle.").default(["EVALUATOR"]).transform(uniq),
    languages: z.array(z.string().trim().min(1).max(40)).max(10).default([]).transform(uniq),
    zones: z.array(departementCode).max(101).default([]).transform(uniq),
    maxMissionsPerMonth: z
      .number({ error: typeError("Le maximum mensuel doit être un nombre.") })
      .int("Le maximum mensuel est un nombre entier.")
      .min(0, "Le maximum mensuel ne peut pas être négatif.")
      .max(31, "31 missions par mois au plus.")
      .nullable()
      .default(null),
    dailyFee: euros("Le tarif journalier", { max: 100_000 }).nullable().default(null),
    fareClassId: z.uuid({ error: "Classe de transport inconnue." }).nullable().default(null),
    comment: text(2000),
  })
  .refine((v) => v.status !== "INDEPENDANT" || v.siret !== null, {
    message: "Le SIRET est obligatoire pour un(e) indépendant(e).",
    path: ["siret"],
  });
export type AuditorBody = z.input<typeof auditorBodySchema>;
export type AuditorBodyOutput = z.output<typeof auditorBodySchema>;
export const updateAuditorBodySchema = z.intersection(
  auditorBodySchema,
  z.object({
    version: z
      .number({ error: typeError("La version est obligatoire.") })
      .int()
      .min(1),
  }),
);

/** Fields only the staff change: an evaluator editing their own file keeps these as they are. */
export const AUDITOR_STAFF_FIELDS = [
  "status",
  "siret",
  "active",
  "sectorDomains",
  "publicTypes",
  "referentielTrainingDate",
  "roles",
  "maxMissionsPerMonth",
  "dailyFee",
  "fareClassId",
  "comment",
] as const;

export const auditorSchema = z.object({
  id: z.string(),
  civility: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  departement: z.string().nullable(),
  status: z.enum(AUDITOR_STATUSES),
  siret: z.string().nullable(),
  active: z.boolean(),
  sectorDomains: z.array(z.string()),
  publicTypes: z.array(z.string()),
  referentielTrainingDate: z.string().nullable(),
  roles: z.array(z.string()),
  languages: z.array(z.string()),
  zones: z.array(z.string()),
  maxMissionsPerMonth: z.number().nullable(),
  dailyFee: z.number().nullable(),
  fareClassId: z.string().nullable(),
  fareClassName: z.string().nullable(),
  comment: z.string().nullable(),
  user: z.object({ id: z.string(), identifier: z.string(), active: z.boolean() }).nullable(),
  documentState: z.enum(DOCUMENT_STATES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Auditor = z.infer<typeof auditorSchema>;

export const AUDITOR_SORT_KEYS = ["name", "city", "departement", "status", "documentState", "updatedAt"] as const;
export type AuditorSortKey = (typeof AUDITOR_SORT_KEYS)[number];

export const auditorListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  search: searchTextSchema.optional(),
  active: z.enum(["true", "false", "all"]).default("true"),
  status: z.enum(AUDITOR_STATUSES).optional(),
  departement: departementCode.optional(),
  zone: departementCode.optional(),
  sectorDomain: z.enum(SECTOR_DOMAINS).optional(),
  documents: z.enum(["MISSING_OR_EXPIRED", "EXPIRING"]).optional(),
  sort: z.enum(AUDITOR_SORT_KEYS).default("name"),
  direction: z.enum(["asc", "desc"]).default("asc"),
});
export type AuditorListQuery = z.input<typeof auditorListQuerySchema>;
export type AuditorListQueryOutput = z.output<typeof auditorListQuerySchema>;

export const auditorRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  departement: z.string().nullable(),
  status: z.enum(AUDITOR_STATUSES),
  active: z.boolean(),
  sectorDomains: z.array(z.string()),
  zones: z.array(z.string()),
  roles: z.array(z.string()),
  documentState: z.enum(DOCUMENT_STATES),
  openLinks: z.number().int(),
  updatedAt: z.string(),
});
export type AuditorRow = z.infer<typeof auditorRowSchema>;

/** Links of interest: never deleted, only ended (evidence for an accreditation audit). */
export const ORGANISATION_TYPES = ["ESSMS", "LEGAL_ENTITY", "GESTIONNAIRE"] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = {
  ESSMS: "Établissement ou service (ESSMS)",
  LEGAL_ENTITY: "Entité juridique",
  GESTIONNAIRE: "Organisme gestionnaire",
};
export const LINK_NATURES = [
  "EMPLOYMENT",
  "CONSULTING",
  "TRAINING",
  "COACHING",
  "INTEREST",
  "FAMILY",
  "OTHER",
] as const;
export type LinkNature = (typeof LINK_NATURES)[number];
export const LINK_NATURE_LABELS: Record<LinkNature, string> = {
  EMPLOYMENT: "Emploi (salarié, vacataire)",
  CONSULTING: "Conseil",
  TRAINING: "Formation",
  COACHING: "Accompagnement",
  INTEREST: "Intérêt financier",
  FAMILY: "Lien familial",
  OTHER: "Autre",
};

export const linkBodySchema = z
  .object({
    organisationType: z.enum(ORGANISATION_TYPES, { error: "Type d'organisation inconnu." }),
    organisationId: z.uuid({ error: "Choisissez l'organisation concernée." }),
    nature: z.enum(LINK_NATURES, { error: "Nature du lien inconnue." }),
    startDate: isoDate("Date de début"),
    endDate: isoDate("Date de fin").nullable().default(null),
    comment: text(1000),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    message: "La date de fin suit la date de début.",
    path: ["endDate"],
  });
export type LinkBody = z.input<typeof linkBodySchema>;

export const endLinkBodySchema = z.object({ endDate: isoDate("Date de fin") });

export const auditorLinkSchema = z.object({
  id: z.string(),
  organisationType: z.enum(ORGANISATION_TYPES),
  organisationId: z.string(),
  organisationName: z.string(),
  nature: z.enum(LINK_NATURES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  comment: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  endedBy: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type AuditorLink = z.infer<typeof auditorLinkSchema>;

export const unavailabilityBodySchema = z
  .object({
    startDate: isoDate("Date de début"),
    endDate: isoDate("Date de fin"),
    reason: text(300),
  })
  .refine((v) => v.endDate >= v.startDate, { message: "La date de fin suit la date de début.", path: ["endDate"] });
export type UnavailabilityBody = z.input<typeof unavailabilityBodySchema>;

export const unavailabilitySchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Unavailability = z.infer<typeof unavailabilitySchema>;

/** A day the evaluator is already booked on (a contract programme today, missions later). */
const bookedDaySchema = z.object({
  day: z.string(),
  contractId: z.string(),
  contractNumber: z.string(),
  clientName: z.string(),
});
export const availabilitySchema = z.object({
  unavailability: z.array(unavailabilitySchema),
  booked: z.array(bookedDaySchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

const auditorDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(AUDITOR_DOCUMENT_KINDS).nullable(),
  name: z.string(),
  fileName: z.string(),
  validUntil: z.string().nullable(),
  state: z.enum(["VALID", "EXPIRING", "EXPIRED"]),
  createdAt: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
});
export const auditorDocumentsSchema = z.object({
  documents: z.array(auditorDocumentSchema),
  /** Required kinds with no document valid today. */
  missing: z.array(z.object({ kind: z.enum(AUDITOR_DOCUMENT_KINDS), label: z.string() })),
});
export type AuditorDocuments = z.infer<typeof auditorDocumentsSchema>;

export const auditorMissionSchema = z.object({
  contractId: z.string(),
  contractNumber: z.string(),
  contractStatus: z.string(),
  role: z.string(),
  establishments: z.array(z.object({ clientId: z.string(), raisonSocial: z.string(), city: z.string().nullable() })),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  dayCount: z.number(),
});
export type AuditorMission = z.infer<typeof auditorMissionSchema>;
