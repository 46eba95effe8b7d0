import { z } from "zod";
import {
  AUDIT_TIME_SLOTS,
  CERTIFICATION_DECISIONS,
  CONTRACT_STATUSES,
  CONTRACT_TYPOLOGIES,
} from "../commercial/contracts.js";
import { typeError } from "../text.js";
import { idSchema, legalEntitySummarySchema, versionSchema } from "./common.js";
import { euros } from "./money.js";
import { optionalText } from "./parties.js";
import { documentRefSchema } from "./quotes.js";

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });
const optionalDate = (label: string) => isoDate(label).nullable().default(null);
const count = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre.` })
    .int(`${label} : nombre entier.`)
    .min(0, `${label} ne peut pas être négatif.`)
    .max(100000)
    .nullable()
    .default(null);

/** The needs statement (FEB, "Besoin" tab). */
const febSchema = z.object({
  evaluationKind: z.enum(["FIRST", "RENEWAL"], { error: "Première évaluation ou renouvellement ?" }),
  authorisationDate: optionalDate("Date d'autorisation"),
  authorisationEndDate: optionalDate("Fin d'autorisation"),
  previousEvaluationDate: optionalDate("Précédente évaluation"),
  peopleSupported: count("Le nombre de personnes accompagnées"),
  staffCount: count("L'effectif"),
  sites: count("Le nombre de sites"),
  specificities: optionalText(2000),
  expectations: optionalText(2000),
  wishedPeriod: optionalText(200),
  atcContact: optionalText(300),
});
export type Feb = z.infer<typeof febSchema>;
/** The FEB as the API answers it (no input transforms: responses are serialised, not parsed). */
const febDataSchema = z.object({
  evaluationKind: z.enum(["FIRST", "RENEWAL"]),
  authorisationDate: z.string().nullable(),
  authorisationEndDate: z.string().nullable(),
  previousEvaluationDate: z.string().nullable(),
  peopleSupported: z.number().nullable(),
  staffCount: z.number().nullable(),
  sites: z.number().nullable(),
  specificities: z.string().nullable(),
  expectations: z.string().nullable(),
  wishedPeriod: z.string().nullable(),
  atcContact: z.string().nullable(),
});
export const EVALUATION_KIND_LABELS = {
  FIRST: "Première évaluation (référentiel HAS)",
  RENEWAL: "Renouvellement",
} as const;

export const saveFebBodySchema = z.object({ feb: febSchema, version: versionSchema });

const slotIds = AUDIT_TIME_SLOTS.map((s) => s.id);
export const programmeBodySchema = z
  .object({
    establishments: z.array(
      z.object({
        clientId: idSchema,
        regroupingStatus: z
          .union([z.literal(1), z.literal(2), z.literal(3)])
          .nullable()
          .default(null),
        atc: optionalText(300),
      }),
    ),
    days: z
      .array(
        z.object({
          day: isoDate("Jour de visite"),
          timeSlotId: z
            .number()
            .int()
            .refine((v) => slotIds.includes(v), "Créneau horaire inconnu."),
          clientId: idSchema.nullable().default(null),
        }),
      )
      .max(60, "Soixante jours de visite au plus."),
    evaluators: z
      .array(
        z.object({
          auditorId: idSchema,
          role: z.enum(["COORDINATOR", "EVALUATOR"]),
          /** Why an evaluator with impartiality warnings is kept (sector, availability, monthly maximum). */
          justification: z.string().trim().max(2000, "2000 caractères au plus.").optional(),
        }),
      )
      .max(10, "Dix évaluateurs au plus."),
    version: versionSchema,
  })
  .refine((v) => new Set(v.evaluators.map((e) => e.auditorId)).size === v.evaluators.length, {
    message: "Un évaluateur ne figure qu'une fois dans l'équipe.",
    path: ["evaluators"],
  })
  .refine((v) => v.evaluators.filter((e) => e.role === "COORDINATOR").length <= 1, {
    message: "L'équipe a un seul coordinateur.",
    path: ["evaluators"],
  });
export type ProgrammeBody = z.input<typeof programmeBodySchema>;

export const contractTermsBodySchema = z
  .object({
    typology: z.enum(CONTRACT_TYPOLOGIES, { error: "Typologie de contrat inconnue." }),
    deadline: optionalDate("Date limite de retour"),
    amountHT: euros("Le montant HT", { max: 10_000_000 }),
    vatRate: z.union([z.literal(0.2), z.literal(0.085), z.literal(0)], {
      error: "Taux de TVA : 20 %, 8,5 % ou exonéré.",
    }),
    travelExpenseMode: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    travelExpenseAmount: euros("Le forfait de déplacement", { max: 100_000 }).nullable().default(null),
    depositPercent: z
      .number({ error: "Le pourcentage d'acompte doit être un nombre." })
      .min(0, "Le pourcentage d'acompte ne peut pas être négatif.")
      .max(100, "Le pourcentage d'acompte ne peut pas dépasser 100 %.")
      .optional(),
    version: versionSchema,
  })
  .refine((v) => v.travelExpenseMode !== 3 || (v.travelExpenseAmount ?? 0) > 0, {
    message: "Indiquez le montant du forfait de déplacement.",
    path: ["travelExpenseAmount"],
  });
export type ContractTermsBody = z.input<typeof contractTermsBodySchema>;

export const signContractBodySchema = z.object({ signatureDate: isoDate("Date de signature"), version: versionSchema });
export const refuseContractBodySchema = z.object({
  reason: z
    .string({ error: typeError("Indiquez le motif du refus.") })
    .trim()
    .min(1, "Indiquez le motif du refus.")
    .max(500),
  version: versionSchema,
});
export const sendContractBodySchema = z.object({
  to: z.array(z.email("Adresse e-mail invalide.")).max(10).optional(),
  version: versionSchema,
});

/** Certification decision ("Décision" tab), taken by someone who did not evaluate. */
export const decisionBodySchema = z
  .object({
    decision: z.enum(CERTIFICATION_DECISIONS, { error: "Décision inconnue." }),
    deciderUserId: idSchema,
    decidedAt: isoDate("Date de décision"),
    validUntil: optionalDate("Fin de validité"),
    comment: optionalText(2000),
    version: versionSchema,
  })
  .refine((v) => v.decision !== "GRANTED" || v.validUntil !== null, {
    message: "Indiquez la fin de validité du certificat.",
    path: ["validUntil"],
  });
export type DecisionBody = z.input<typeof decisionBodySchema>;

/** The actions of the contract policy; `programmeForClient` is the Programme tab on the client's screens (right CLIENT). */
export const CONTRACT_ACTIONS = [
  "read",
  "update",
  "programme",
  "programmeForClient",
  "terms",
  "print",
  "send",
  "sign",
  "refuse",
  "decide",
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

export const contractDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  typology: z.enum(CONTRACT_TYPOLOGIES),
  service: z.string(),
  requestId: z.string(),
  requestReference: z.string(),
  quoteId: z.string().nullable(),
  quoteLabel: z.string().nullable(),
  legalEntity: legalEntitySummarySchema,
  contactEmail: z.string().nullable(),
  establishments: z.array(
    z.object({
      clientId: z.string(),
      raisonSocial: z.string(),
      finess: z.string().nullable(),
      city: z.string().nullable(),
      regroupingStatus: z.number().int().nullable(),
      atc: z.string().nullable(),
      evaluationDate: z.string().nullable(),
    }),
  ),
  days: z.array(
    z.object({
      id: z.string(),
      day: z.string(),
      timeSlotId: z.number().int(),
      dayFraction: z.number(),
      clientId: z.string().nullable(),
    }),
  ),
  totalDays: z.number(),
  evaluators: z.array(
    z.object({
      auditorId: z.string(),
      name: z.string(),
      city: z.string().nullable(),
      role: z.enum(["COORDINATOR", "EVALUATOR"]),
    }),
  ),
  signatureDate: z.string().nullable(),
  deadline: z.string().nullable(),
  amountHT: z.number(),
  vatRate: z.number(),
  amountVAT: z.number(),
  amountTTC: z.number(),
  travelExpenseMode: z.number().int(),
  travelExpenseAmount: z.number().nullable(),
  /** The deposit the contract asks for, in % of its amount (0 = no deposit invoice). */
  depositPercent: z.number(),
  feb: febDataSchema.nullable(),
  febDocument: documentRefSchema.nullable(),
  document: documentRefSchema.nullable(),
  decision: z
    .object({
      decision: z.enum(CERTIFICATION_DECISIONS),
      deciderUserId: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: z.string().nullable(),
      validUntil: z.string().nullable(),
      comment: z.string().nullable(),
    })
    .nullable(),
  sentAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  /** What still blocks sending or signing, in French (programme rules of the HAS framework). */
  programmeIssues: z.array(z.string()),
  /** Why a certification decision cannot be taken today, in French (final report, observations, majors open). */
  decisionBlockers: z.array(z.string()),
  createdAt: z.string(),
  version: z.number().int(),
  /** What the signed-in user may do with this contract now (the server's policy), so screens need not re-derive it. */
  abilities: z.object(
    Object.fromEntries(CONTRACT_ACTIONS.map((a) => [a, z.boolean()])) as Record<ContractAction, z.ZodBoolean>,
  ),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const auditorOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type AuditorOption = z.infer<typeof auditorOptionSchema>;
export const deciderOptionSchema = z.object({ id: z.string(), name: z.string(), profileType: z.string() });
export type DeciderOption = z.infer<typeof deciderOptionSchema>;
