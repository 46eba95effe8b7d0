import { z } from "zod";
import { versionSchema } from "../schemas/common.js";
import { trainingOrganisationSchema } from "../schemas/training-organisation.js";
import { safeText } from "../text.js";
import { MISSION_KINDS, MISSION_ORDER_STATUSES, MISSION_ROLES, MISSION_STATES } from "./codes.js";
import { MISSION_STEP_CODES, type MissionStepCode } from "./mission-status.js";

/**
 * The evaluator space and the client portal's views of their missions (issue 11: "The evaluator
 * space and the client portal"), and the client's answers: the team, the observations, the
 * documents asked of the ESSMS.
 */

const docLink = z.object({ id: z.string(), name: z.string(), url: z.string() });
const visitDay = z.object({ day: z.string(), timeSlot: z.string() });
const place = z.object({
  raisonSocial: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});

/** GET /api/auditors/{id}/mission-space: what an evaluator has to do, on a phone. */
export const evaluatorMissionSpaceSchema = z.object({
  /** Sent orders awaiting their answer. */
  orders: z.array(
    z.object({
      orderId: z.string(),
      missionId: z.string(),
      essms: place,
      kind: z.enum(MISSION_KINDS),
      role: z.enum(MISSION_ROLES),
      sentAt: z.string().nullable(),
      days: z.array(visitDay),
      document: docLink.nullable(),
      /** A training organisation's certification audit: what it declared (trainers, trainees…), to size the audit. */
      trainingOrganisation: trainingOrganisationSchema.nullable(),
    }),
  ),
  /** Visits from today on, of missions whose order they accepted. */
  visits: z.array(
    z.object({
      missionId: z.string(),
      essms: place,
      kind: z.enum(MISSION_KINDS),
      remote: z.boolean(),
      role: z.enum(MISSION_ROLES),
      /** Where the mission stands (`missionStatusText(…, "evaluator")`). */
      status: z.string(),
      days: z.array(visitDay),
      team: z.array(z.object({ name: z.string(), role: z.enum(MISSION_ROLES), phone: z.string().nullable() })),
      trainingOrganisation: trainingOrganisationSchema.nullable(),
    }),
  ),
  /** Reports not uploaded yet whose visit is over, with their due date. */
  reports: z.array(
    z.object({
      missionId: z.string(),
      essms: place,
      report: z.enum(["PRELIMINARY", "FINAL"]),
      /** Where that report stands (`missionStatusText(…, "evaluator")`). */
      status: z.string(),
      due: z.string().nullable(),
      late: z.boolean(),
      coordinator: z.boolean(),
      canUpload: z.boolean(),
      version: z.number().int(),
    }),
  ),
});
export type EvaluatorMissionSpace = z.infer<typeof evaluatorMissionSpaceSchema>;

export const CLIENT_TEAM_DECISIONS = ["ACCEPT", "OBJECT"] as const;
export type ClientTeamDecision = (typeof CLIENT_TEAM_DECISIONS)[number];
export const CLIENT_TEAM_DECISION_LABELS: Record<ClientTeamDecision, string> = {
  ACCEPT: "Équipe acceptée",
  OBJECT: "Objection à l'équipe",
};

/** The client's latest answer on the team; `current` is false once the team has changed since. */
export const clientTeamAnswerSchema = z.object({
  decision: z.enum(CLIENT_TEAM_DECISIONS),
  reason: z.string().nullable(),
  answeredAt: z.string(),
  answeredBy: z.string(),
  current: z.boolean(),
});
export type ClientTeamAnswer = z.infer<typeof clientTeamAnswerSchema>;

/** POST /api/missions/{id}/team/client-answer. */
export const clientTeamAnswerBodySchema = z
  .object({
    decision: z.enum(CLIENT_TEAM_DECISIONS, { error: "Acceptez l'équipe ou formulez une objection." }),
    reason: safeText().trim().max(2000, "2000 caractères au plus.").optional(),
    version: versionSchema,
  })
  .refine((v) => v.decision !== "OBJECT" || (v.reason ?? "").length >= 3, {
    message: "Indiquez le motif de votre objection.",
    path: ["reason"],
  });
export type ClientTeamAnswerBody = z.input<typeof clientTeamAnswerBodySchema>;

/** The text of the observations (with an optional file, sent as multipart). */
export const clientObservationsTextSchema = safeText()
  .trim()
  .min(3, "Rédigez vos observations (ou joignez un fichier).")
  .max(20000, "20 000 caractères au plus.");
export const clientObservationsBodySchema = z.object({
  text: clientObservationsTextSchema,
  version: versionSchema,
});

/** The steps of the portal's timeline (the same as every screen's: `missionStatusText`). */
export const PORTAL_STEP_CODES = MISSION_STEP_CODES;
export type PortalStepCode = MissionStepCode;

/** One mission of the client portal, with the timeline of its evaluation. */
export const portalMissionSchema = z.object({
  id: z.string(),
  essms: place,
  kind: z.enum(MISSION_KINDS),
  remote: z.boolean(),
  status: z.enum(MISSION_STATES),
  contractNumber: z.string(),
  steps: z.array(
    z.object({
      code: z.enum(PORTAL_STEP_CODES),
      label: z.string(),
      done: z.boolean(),
      status: z.enum(["done", "current", "passed", "upcoming"]),
      /** "fait", "en cours", "à venir", "sans réponse"… */
      statusText: z.string(),
      date: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
  /** Where the evaluation stands, to the establishment (`missionStatusText(…, "portal")`). */
  statusTexts: z.object({ summary: z.string(), team: z.string(), preliminary: z.string(), final: z.string() }),
  days: z.array(visitDay),
  team: z.array(
    z.object({
      name: z.string(),
      role: z.enum(MISSION_ROLES),
      /** The evaluator's profile as the proposal shows it: domains, publics, HAS training (labels). */
      domains: z.array(z.string()),
      publics: z.array(z.string()),
      trainedOnReferential: z.boolean(),
      orderStatus: z.enum(MISSION_ORDER_STATUSES).nullable(),
    }),
  ),
  teamAnswer: clientTeamAnswerSchema.nullable(),
  canAnswerTeam: z.boolean(),
  documents: z.array(
    z.object({ id: z.string(), name: z.string(), url: z.string(), createdAt: z.string(), mine: z.boolean() }),
  ),
  /** The documents the body asks of the establishment (the mission's Préparation checklist). */
  requestedDocuments: z.array(z.object({ id: z.string(), label: z.string(), received: z.boolean() })),
  canProvideDocuments: z.boolean(),
  preliminaryReport: docLink.nullable(),
  observations: z.object({
    due: z.string().nullable(),
    receivedAt: z.string().nullable(),
    text: z.string().nullable(),
    document: docLink.nullable(),
    canSend: z.boolean(),
    /** Why they can no longer be sent (deadline passed…), in French. */
    closedReason: z.string().nullable(),
  }),
  finalReport: docLink.nullable(),
  version: z.number().int(),
});
export type PortalMission = z.infer<typeof portalMissionSchema>;
export const portalMissionsSchema = z.object({ items: z.array(portalMissionSchema) });
