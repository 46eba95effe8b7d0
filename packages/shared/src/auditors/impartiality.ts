import { z } from "zod";
import { typeError } from "../text.js";
import { IMPARTIALITY_RULES, type RuleSeverities, ruleSeveritiesSchema } from "./planning-rules.js";

/** The impartiality engine's answer, and its settings (defaults from the HAS cahier des charges). */

const reasonSchema = z.object({
  rule: z.enum(IMPARTIALITY_RULES),
  severity: z.enum(["BLOCKING", "WARNING"]),
  message: z.string(),
});
export type EligibilityReason = z.infer<typeof reasonSchema>;

export const eligibilitySchema = z.object({
  eligible: z.boolean(),
  blocking: z.array(reasonSchema),
  warnings: z.array(reasonSchema),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

const dayList = z
  .string()
  .trim()
  .transform((v) => (v ? v.split(",").map((d) => d.trim()) : []))
  .pipe(z.array(z.iso.date({ error: "Jour de visite invalide (AAAA-MM-JJ)." })).max(60, "Soixante jours au plus."));

export const eligibilityQuerySchema = z.object({
  clientId: z.uuid({ error: "Établissement invalide." }),
  days: dayList.default([]),
  /** The contract being programmed: its own days do not count as "already booked". */
  contractId: z.uuid().optional(),
  /** The role the evaluator would hold: a coordinator needs the coordinator role. */
  role: z.enum(["COORDINATOR", "EVALUATOR"]).optional(),
});

const candidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  departement: z.string().nullable(),
  status: z.string(),
  roles: z.array(z.string()),
  /** Straight-line distance from home to the ESSMS, in km (null: a commune not found). */
  distanceKm: z.number().nullable(),
  monthLoad: z.number().int(),
  eligibility: eligibilitySchema,
});
export type Candidate = z.infer<typeof candidateSchema>;
export const candidatesSchema = z.object({
  /** Eligible first (by distance, then load), then with warnings only, then blocked. */
  items: z.array(candidateSchema),
});

export const impartialitySettingsSchema = z.object({
  adviceMonthsBefore: z.number().int().min(0).max(120),
  adviceMonthsAfter: z.number().int().min(0).max(120),
  employmentYears: z.number().int().min(0).max(30),
  sameDepartementRule: z.boolean(),
  documentsRule: z.boolean(),
  expiringSoonDays: z.number().int().min(1).max(365),
  ruleSeverities: ruleSeveritiesSchema,
  version: z.number().int(),
});
export type ImpartialitySettings = z.infer<typeof impartialitySettingsSchema>;
export const impartialitySettingsBodySchema = z.object({
  adviceMonthsBefore: z
    .number({ error: typeError("Nombre de mois invalide.") })
    .int("Nombre de mois entier.")
    .min(0, "Au moins 0 mois.")
    .max(120, "120 mois au plus."),
  adviceMonthsAfter: z
    .number({ error: typeError("Nombre de mois invalide.") })
    .int("Nombre de mois entier.")
    .min(0, "Au moins 0 mois.")
    .max(120, "120 mois au plus."),
  employmentYears: z
    .number({ error: typeError("Nombre d'années invalide.") })
    .int("Nombre d'années entier.")
    .min(0, "Au moins 0 an.")
    .max(30, "30 ans au plus."),
  sameDepartementRule: z.boolean(),
  documentsRule: z.boolean(),
  expiringSoonDays: z
    .number({ error: typeError("Nombre de jours invalide.") })
    .int("Nombre de jours entier.")
    .min(1, "Au moins 1 jour.")
    .max(365, "365 jours au plus."),
  /** Which of the editable rules block and which warn (the HAS rules always block). */
  ruleSeverities: ruleSeveritiesSchema.default({}),
  version: z
    .number({ error: typeError("La version est obligatoire.") })
    .int()
    .min(1),
});
/** The HAS cahier des charges (domain page, "Impartiality"). */
export const DEFAULT_IMPARTIALITY_SETTINGS = {
  adviceMonthsBefore: 24,
  adviceMonthsAfter: 12,
  employmentYears: 5,
  sameDepartementRule: true,
  documentsRule: true,
  expiringSoonDays: 30,
  ruleSeverities: {} as RuleSeverities,
} as const;

/** Fare classes (Settings list): the spec's fareClass `_id` / `fareClassName`. */
export const fareClassSchema = z.object({
  _id: z.string(),
  fareClassName: z.string(),
  position: z.number().int(),
  version: z.number().int(),
});
export type FareClass = z.infer<typeof fareClassSchema>;
export const fareClassBodySchema = z.object({
  fareClassName: z
    .string({ error: typeError("Le nom de la classe est obligatoire.") })
    .trim()
    .min(1, "Le nom de la classe est obligatoire.")
    .max(100, "100 caractères au plus."),
  position: z.number().int().min(0).default(0),
  version: z.number().int().min(1).optional(),
});
export type FareClassBody = z.input<typeof fareClassBodySchema>;
