import { z } from "zod";
import { MISSION_KINDS, MISSION_ROLES } from "./codes.js";

/** A month as the planning board's address carries it: "2026-12". */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /api/missions/planning?month=YYYY-MM */
export const missionPlanningQuerySchema = z.object({
  month: z.string({ error: "Indiquez le mois (AAAA-MM)." }).regex(MONTH_PATTERN, "Mois invalide (AAAA-MM)."),
});

export const PLANNING_CONFLICT_KINDS = ["DOUBLE_BOOKING", "UNAVAILABLE"] as const;
export type PlanningConflictKind = (typeof PLANNING_CONFLICT_KINDS)[number];
export const PLANNING_CONFLICT_LABELS: Record<PlanningConflictKind, string> = {
  DOUBLE_BOOKING: "Deux missions le même jour",
  UNAVAILABLE: "Visite un jour d'indisponibilité",
};

/**
 * The planning board of a month: the evaluators (rows), their visit days per mission (bars; a group
 * of ESSMS evaluated together is one booking), their unavailability, and the conflicts computed by
 * the server; plus the missions of the month that have no evaluator yet.
 */
export const missionPlanningSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  evaluators: z.array(z.object({ id: z.string(), name: z.string(), city: z.string().nullable() })),
  bookings: z.array(
    z.object({
      auditorId: z.string(),
      missionId: z.string(),
      clientId: z.string(),
      label: z.string(),
      kind: z.enum(MISSION_KINDS),
      role: z.enum(MISSION_ROLES),
      days: z.array(z.string()),
    }),
  ),
  unavailability: z.array(
    z.object({ auditorId: z.string(), from: z.string(), to: z.string(), reason: z.string().nullable() }),
  ),
  conflicts: z.array(
    z.object({
      auditorId: z.string(),
      day: z.string(),
      kind: z.enum(PLANNING_CONFLICT_KINDS),
      missionIds: z.array(z.string()),
      /** The ESSMS visited that day (every establishment of a grouped evaluation). */
      labels: z.array(z.string()),
    }),
  ),
  unstaffed: z.array(
    z.object({ missionId: z.string(), clientId: z.string(), label: z.string(), days: z.array(z.string()) }),
  ),
});
export type MissionPlanning = z.infer<typeof missionPlanningSchema>;

/** GET /api/missions/counts: how many missions in each state, for the list's other filters. */
export const missionCountsSchema = z.object({
  TO_PLAN: z.number().int(),
  PLANNED: z.number().int(),
  VISIT_PAST: z.number().int(),
  REPORT_LATE: z.number().int(),
  FINALISED: z.number().int(),
});
export type MissionCounts = z.infer<typeof missionCountsSchema>;

/** The proposals of a mission's team: to the establishment and to each evaluator (from the outbox). */
export const MISSION_PROPOSAL_KINDS = ["CLIENT", "AUDITOR"] as const;
export type MissionProposalKind = (typeof MISSION_PROPOSAL_KINDS)[number];
export const missionProposalsSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(MISSION_PROPOSAL_KINDS),
      to: z.array(z.string()),
      auditorId: z.string().nullable(),
      /** When the proposal was recorded (queued in the outbox). */
      at: z.string(),
      /** The outbox state: QUEUED (not sent yet), SENDING, SENT, FAILED. */
      mailStatus: z.string(),
      by: z.string().nullable(),
    }),
  ),
});
export type MissionProposals = z.infer<typeof missionProposalsSchema>;

/** GET /api/missions/{id}/plan-check?days=…: what saving these days would raise, before saving. */
export const missionPlanCheckQuerySchema = z.object({
  days: z
    .string()
    .trim()
    .transform((v) => (v ? v.split(",").map((d) => d.trim()) : []))
    .pipe(z.array(z.iso.date({ error: "Jour de visite invalide (AAAA-MM-JJ)." })).max(60, "Soixante jours au plus."))
    .optional(),
});

const planReasonSchema = z.object({ rule: z.string(), message: z.string() });
/** One member of the team on one establishment of the group: the reasons the rule set gives. */
export const missionPlanCheckSchema = z.object({
  items: z.array(
    z.object({
      auditorId: z.string(),
      name: z.string(),
      clientId: z.string(),
      raisonSocial: z.string(),
      blocking: z.array(planReasonSchema),
      warnings: z.array(planReasonSchema),
      /** These very warnings were already justified for this mission: no new justification needed. */
      justified: z.boolean(),
    }),
  ),
});
export type MissionPlanCheck = z.infer<typeof missionPlanCheckSchema>;
