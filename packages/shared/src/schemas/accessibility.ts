import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "../text.js";
import { versionSchema } from "./common.js";

/** A free text of the statement: trimmed, bounded, no control characters (line breaks allowed). */
const statementText = (label: string, max: number) =>
  z
    .string({ error: `${label} : texte attendu.` })
    .trim()
    .max(max, `${label} : ${max} caractères au plus.`)
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE);

/**
 * Settings › Accessibilité: what the body writes in its accessibility statement (RGAA model). An empty
 * name, e-mail or address stands for the company's own (Settings › Société), so a body that never opens
 * this tab still publishes a statement with its name and contact.
 */
export const accessibilityStatementBodySchema = z.object({
  bodyName: statementText("Nom de l'organisme", 200),
  contactEmail: z
    .string({ error: "E-mail de contact : texte attendu." })
    .trim()
    .pipe(
      z.union([z.literal(""), z.email("E-mail de contact : adresse invalide (exemple : accessibilite@organisme.fr).")]),
    ),
  postalAddress: statementText("Adresse postale", 300),
  auditDate: z.iso.date({ error: "Date de l'évaluation : date invalide." }).nullable(),
  derogations: statementText("Dérogations pour charge disproportionnée", 4000),
  exemptContent: statementText("Contenus non soumis à l'obligation", 4000),
  testEnvironment: statementText("Environnement de test", 1000).refine(
    (v) => v.length > 0,
    "Environnement de test : indiquez au moins un navigateur.",
  ),
  version: versionSchema,
});
export type AccessibilityStatementBody = z.input<typeof accessibilityStatementBodySchema>;

export const accessibilityStatementSettingsSchema = accessibilityStatementBodySchema.extend({
  version: z.number().int(),
});
export type AccessibilityStatementSettings = z.infer<typeof accessibilityStatementSettingsSchema>;

/** The public statement: the stored texts with the company's identity in place of the empty ones. */
export const accessibilityStatementSchema = z.object({
  bodyName: z.string(),
  contactEmail: z.string().nullable(),
  postalAddress: z.string().nullable(),
  auditDate: z.string().nullable(),
  derogations: z.string(),
  exemptContent: z.string(),
  testEnvironment: z.string(),
});
export type AccessibilityStatement = z.infer<typeof accessibilityStatementSchema>;
