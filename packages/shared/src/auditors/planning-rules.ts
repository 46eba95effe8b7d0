import { z } from "zod";

/**
 * The one rule set every change of a mission's days or team goes through (team screen, days form,
 * planning board, the API, an evaluator accepting an order). The HAS rules always block; the others
 * block or warn as the settings say (a warning needs a written justification).
 */
export const IMPARTIALITY_RULES = [
  "ADVICE_WINDOW",
  "EMPLOYMENT_YEARS",
  "CURRENT_INTEREST",
  "SAME_DEPARTEMENT",
  "ACTIVE",
  "DOCUMENTS",
  "COORDINATOR_ROLE",
  "SECTOR_DOMAIN",
  "ZONE",
  "AVAILABILITY",
  "DOUBLE_BOOKING",
  "MONTHLY_MAXIMUM",
] as const;
export type ImpartialityRule = (typeof IMPARTIALITY_RULES)[number];
export type RuleSeverity = "BLOCKING" | "WARNING";

export const IMPARTIALITY_RULE_LABELS: Record<ImpartialityRule, string> = {
  ADVICE_WINDOW: "Conseil, formation ou accompagnement récent ou prévu",
  EMPLOYMENT_YEARS: "Emploi dans l'organisation au cours des dernières années",
  CURRENT_INTEREST: "Intérêt en cours",
  SAME_DEPARTEMENT: "Travail dans un ESSMS du même département",
  ACTIVE: "Évaluateur inactif",
  DOCUMENTS: "Documents manquants ou expirés",
  COORDINATOR_ROLE: "Coordination sans le rôle de coordinateur",
  SECTOR_DOMAIN: "Domaine non couvert par les compétences",
  ZONE: "Département hors des zones couvertes",
  AVAILABILITY: "Indisponibilité déclarée (congés)",
  DOUBLE_BOOKING: "Déjà pris sur une autre visite",
  MONTHLY_MAXIMUM: "Maximum mensuel de missions dépassé",
};

/** The HAS cahier des charges: these always block and their severity is not a setting. */
export const HAS_RULES: readonly ImpartialityRule[] = [
  "ADVICE_WINDOW",
  "EMPLOYMENT_YEARS",
  "CURRENT_INTEREST",
  "SAME_DEPARTEMENT",
];
export const EDITABLE_RULES = [
  "ACTIVE",
  "DOCUMENTS",
  "COORDINATOR_ROLE",
  "SECTOR_DOMAIN",
  "ZONE",
  "AVAILABILITY",
  "DOUBLE_BOOKING",
  "MONTHLY_MAXIMUM",
] as const;
export type EditableRule = (typeof EDITABLE_RULES)[number];

/** Defaults: what voids or cannot be done blocks; what a planner may knowingly accept warns. */
export const DEFAULT_RULE_SEVERITIES: Record<EditableRule, RuleSeverity> = {
  ACTIVE: "BLOCKING",
  DOCUMENTS: "BLOCKING",
  COORDINATOR_ROLE: "BLOCKING",
  SECTOR_DOMAIN: "WARNING",
  ZONE: "WARNING",
  AVAILABILITY: "WARNING",
  DOUBLE_BOOKING: "WARNING",
  MONTHLY_MAXIMUM: "WARNING",
};

export const ruleSeveritiesSchema = z.partialRecord(
  z.enum(EDITABLE_RULES, { error: "Règle inconnue ou non modifiable (les règles HAS bloquent toujours)." }),
  z.enum(["BLOCKING", "WARNING"], { error: "Bloquante ou avertissement." }),
);
export type RuleSeverities = z.infer<typeof ruleSeveritiesSchema>;

/** The severity a rule has under these settings (a HAS rule blocks whatever is stored). */
export function ruleSeverity(rule: ImpartialityRule, settings: RuleSeverities | null | undefined): RuleSeverity {
  if (!isEditableRule(rule)) return "BLOCKING";
  return settings?.[rule] ?? DEFAULT_RULE_SEVERITIES[rule];
}

export const isEditableRule = (rule: ImpartialityRule): rule is EditableRule =>
  (EDITABLE_RULES as readonly string[]).includes(rule);
