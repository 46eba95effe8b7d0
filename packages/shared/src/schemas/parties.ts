import { z } from "zod";
import { PUBLIC_KEY_TYPES, SECTOR_DOMAINS, TYPOLOGY_SECTORS, TYPOLOGY_TYPES } from "../commercial/establishments.js";
import { companyIdProblem, digitsOnly, frenchVatProblem, isValidFiness } from "../identifiers.js";
import { typeError } from "../text.js";
import { idSchema, versionSchema } from "./common.js";

/** Shared field rules of legal entities, establishments, managing organisations and contacts. */
const blankToNull = (v: string) => v || null;

export const optionalText = (max: number) =>
  z.string().trim().max(max, `Saisissez au plus ${max} caractères.`).transform(blankToNull).nullable().default(null);

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} : ${max} caractères au plus.`);

const postalCodeSchema = z
  .string({ error: typeError("Le code postal est obligatoire.") })
  .trim()
  .regex(/^\d{5}$/, "Le code postal doit contenir 5 chiffres.");

/** An optional identifier whose check says what is wrong (length or key), so the form can say it. */
const optionalIdentifier = (problem: (v: string) => string | null, normalise = digitsOnly) =>
  z
    .string()
    .trim()
    .transform(normalise)
    .superRefine((v, ctx) => {
      const message = v === "" ? null : problem(v);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform(blankToNull)
    .nullable()
    .default(null);

const sirenSchema = optionalIdentifier((v) => companyIdProblem("SIREN", v));
const siretSchema = optionalIdentifier((v) => companyIdProblem("SIRET", v));
const vatNumberSchema = optionalIdentifier(frenchVatProblem, (v) => digitsOnly(v).toUpperCase());
const finessSchema = z
  .string({ error: typeError("Le numéro FINESS est obligatoire.") })
  .trim()
  .transform((v) => digitsOnly(v).toUpperCase())
  .refine(isValidFiness, "Le numéro FINESS doit contenir 9 caractères (département puis 7 chiffres).");
/** An optional e-mail address: empty is null. Shared with the evaluators' file. */
export const emailSchema = z
  .union([z.literal(""), z.email("Adresse e-mail invalide.")])
  .transform(blankToNull)
  .nullable()
  .default(null);
/** An optional phone, stored without separators. Shared with the evaluators' file. */
export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\+?[\d\s.-]{10,20}$/.test(v), "Numéro de téléphone invalide.")
  .transform((v) => (v ? v.replace(/[\s.-]/g, "") : null))
  .nullable()
  .default(null);

export const contactBodySchema = z.object({
  firstName: requiredText("Le prénom", 100),
  lastName: requiredText("Le nom", 100),
  occupation: optionalText(120),
  tel: phoneSchema,
  mobilePhone: phoneSchema,
  email: emailSchema,
});
export type ContactBody = z.input<typeof contactBodySchema>;
/** PUT /api/contacts/{id}: the contact as edited, with the version read (409 when stale). */
export const updateContactBodySchema = contactBodySchema.extend({
  isMain: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateContactBody = z.input<typeof updateContactBodySchema>;

export const contactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  occupation: z.string().nullable(),
  tel: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  isMain: z.boolean(),
  /** Whose contact: an establishment's (its id) or, when null, the legal entity's. */
  clientId: z.string().nullable(),
  version: z.number().int(),
});
export type Contact = z.infer<typeof contactSchema>;

const addressFields = {
  address: requiredText("L'adresse", 200),
  postalCode: postalCodeSchema,
  city: requiredText("La ville", 100),
  email: emailSchema,
  phone: phoneSchema,
};

export const legalEntityBodySchema = z.object({
  raisonSocial: requiredText("La raison sociale"),
  siren: sirenSchema,
  siret: siretSchema,
  vatNumber: vatNumberSchema,
  ...addressFields,
  gestionnaireId: idSchema.nullable().default(null),
});

/** entite-juridique: a legal entity and, optionally, its main contact. */
export const createLegalEntityBodySchema = legalEntityBodySchema.extend({
  contact: contactBodySchema.nullable().default(null),
});
export type CreateLegalEntityBody = z.input<typeof createLegalEntityBodySchema>;

const essmsFieldsSchema = z.object({
  raisonSocial: requiredText("Le nom de l'établissement"),
  finess: finessSchema,
  siret: siretSchema,
  ...addressFields,
  typologySector: z.enum(TYPOLOGY_SECTORS, { error: "Choisissez le secteur (médico-social ou social)." }),
  typologyType: z.enum(TYPOLOGY_TYPES, { error: "Choisissez le type (service ou établissement)." }),
  category: optionalText(120),
  sectorDomains: z
    .array(z.enum(SECTOR_DOMAINS, { error: "Domaine inconnu." }))
    .min(1, "Choisissez au moins un domaine.")
    .transform((v) => [...new Set(v)]),
  publicKeyTypes: z
    .array(z.enum(PUBLIC_KEY_TYPES, { error: "Type de public inconnu." }))
    .default([])
    .transform((v) => [...new Set(v)]),
  capacity: z
    .number({ error: typeError("La capacité doit être un nombre.") })
    .int("La capacité doit être un nombre entier.")
    .min(0, "La capacité ne peut pas être négative.")
    .max(100000, "Capacité trop grande.")
    .nullable()
    .default(null),
  atc: optionalText(200),
  /** Where its invoices are mailed, before the legal entity's and the establishment's own e-mail. */
  billingEmail: emailSchema,
  /** Chorus Pro (public buyers): carried on each invoice drafted for this establishment. */
  chorusBuyerSiret: siretSchema,
  chorusServiceCode: optionalText(100),
  chorusEngagementNumber: optionalText(50),
});

/**
 * nouveau: one ESSMS, under an existing legal entity or a new one, with its main contact; it can
 * open a request at once (it then appears among the prospects).
 */
export const createEssmsBodySchema = z
  .object({
    legalEntityId: idSchema.nullable().default(null),
    legalEntity: legalEntityBodySchema.nullable().default(null),
    establishment: essmsFieldsSchema,
    contact: contactBodySchema.nullable().default(null),
    openRequest: z.boolean().default(true),
  })
  .refine((v) => (v.legalEntityId === null) !== (v.legalEntity === null), {
    message: "Choisissez une entité juridique existante ou créez-en une.",
    path: ["legalEntityId"],
  });
export type CreateEssmsBody = z.input<typeof createEssmsBodySchema>;

export const updateEssmsBodySchema = essmsFieldsSchema.extend({ version: versionSchema });
export type UpdateEssmsBody = z.input<typeof updateEssmsBodySchema>;

export const createdSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  legalEntityId: z.string().optional(),
  requestId: z.string().nullable().optional(),
});

export const gestionnaireBodySchema = z.object({
  raisonSocial: requiredText("La raison sociale"),
  siren: sirenSchema,
  address: optionalText(200),
  postalCode: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{5}$/.test(v), "Le code postal doit contenir 5 chiffres.")
    .transform(blankToNull)
    .nullable()
    .default(null),
  city: optionalText(100),
  email: emailSchema,
  phone: phoneSchema,
});
export type GestionnaireBody = z.input<typeof gestionnaireBodySchema>;
export const updateGestionnaireBodySchema = gestionnaireBodySchema.extend({ version: versionSchema });

export const legalEntityOptionSchema = z.object({
  id: z.string(),
  raisonSocial: z.string(),
  siren: z.string().nullable(),
  city: z.string().nullable(),
  gestionnaireRaisonSocial: z.string().nullable(),
  establishments: z.number().int(),
});
export type LegalEntityOption = z.infer<typeof legalEntityOptionSchema>;
