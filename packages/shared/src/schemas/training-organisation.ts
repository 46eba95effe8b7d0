import { z } from "zod";
import { safeText, typeError } from "../text.js";
import { versionSchema } from "./common.js";

/**
 * What a training organisation applying for a certification (Qualiopi) declares on its request, as the
 * spec lists it (trainers, trainees, hardware) with its premises: what the auditors need to size and
 * prepare the audit (its length follows the activity and the number of sites).
 */
export const TRAINER_STATUSES = ["EMPLOYEE", "FREELANCE", "SUBCONTRACTOR"] as const;
type TrainerStatus = (typeof TRAINER_STATUSES)[number];
export const TRAINER_STATUS_LABELS: Record<TrainerStatus, string> = {
  EMPLOYEE: "Salarié(e)",
  FREELANCE: "Indépendant(e)",
  SUBCONTRACTOR: "Sous-traitant(e)",
};

const text = (label: string, max: number) =>
  safeText().trim().min(1, `Indiquez ${label}.`).max(max, `${max} caractères au plus.`);
const count = (label: string, min = 0) =>
  z
    .number({ error: typeError(`Indiquez ${label}.`) })
    .int("Un nombre entier.")
    .min(min, min ? `Au moins ${min}.` : "Un nombre positif ou nul.")
    .max(1_000_000, "Un million au plus.");

export const trainingOrganisationSchema = z.object({
  trainers: z
    .array(
      z.object({
        name: text("le nom du formateur", 120),
        speciality: text("sa spécialité", 200),
        status: z.enum(TRAINER_STATUSES, { error: "Choisissez le statut du formateur." }),
      }),
    )
    .min(1, "Indiquez au moins un formateur.")
    .max(300, "300 formateurs au plus."),
  trainees: z.object({
    perYear: count("le nombre de stagiaires par an"),
    hoursPerYear: count("le nombre d'heures-stagiaires par an"),
  }),
  hardware: z
    .array(z.object({ label: text("le matériel", 200), quantity: count("la quantité", 1) }))
    .max(200, "200 lignes de matériel au plus."),
  premises: z
    .array(
      z.object({
        address: text("l'adresse du local", 300),
        /** Open to people with reduced mobility (Qualiopi indicator 26). */
        accessible: z.boolean(),
      }),
    )
    .max(100, "100 locaux au plus."),
});
export type TrainingOrganisation = z.infer<typeof trainingOrganisationSchema>;

/** PUT /api/requestclients/{id}/training-organisation. */
export const trainingOrganisationBodySchema = z.object({
  trainingOrganisation: trainingOrganisationSchema,
  version: versionSchema,
});
export type TrainingOrganisationBody = z.input<typeof trainingOrganisationBodySchema>;
