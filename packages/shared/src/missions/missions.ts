import { z } from "zod";
import { AUDIT_TIME_SLOTS } from "../commercial/contracts.js";
import { idSchema, versionSchema } from "../schemas/common.js";
import { safeText, searchTextSchema } from "../text.js";
import {
  MISSION_KINDS,
  MISSION_ORDER_STATUSES,
  MISSION_ROLES,
  MISSION_STATES,
  NON_CONFORMITY_SEVERITIES,
  PREPARATION_DOCUMENT_CODES,
  PROGRAMME_ACTIVITIES,
} from "./codes.js";
import { missionStatusFactsSchema } from "./mission-status.js";
import { clientTeamAnswerSchema } from "./portal.js";

const isoDate = (label: string) => z.iso.date({ error: `${label} : date invalide.` });

export const MISSION_SORT_KEYS = ["firstDay", "raisonSocial", "status", "kind", "preliminaryReportDue"] as const;
export type MissionSortKey = (typeof MISSION_SORT_KEYS)[number];

/** GET /api/missions (and its XLSX export): filters, search, sort and page, all applied in SQL. */
export const missionListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(50),
    status: z.enum(MISSION_STATES, { error: "Filtre inconnu." }).optional(),
    auditorId: idSchema.optional(),
    from: isoDate("Début de période").optional(),
    to: isoDate("Fin de période").optional(),
    search: searchTextSchema.optional(),
    sort: z.enum(MISSION_SORT_KEYS, { error: "Tri inconnu." }).default("firstDay"),
    direction: z.enum(["asc", "desc"]).default("asc"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "La période se termine avant de commencer.",
    path: ["to"],
  });
export type MissionListQuery = z.output<typeof missionListQuerySchema>;
export type MissionListParams = z.input<typeof missionListQuerySchema>;

export const missionRowSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  raisonSocial: z.string(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  contractId: z.string(),
  contractNumber: z.string(),
  kind: z.enum(MISSION_KINDS),
  remote: z.boolean(),
  grouped: z.boolean(),
  status: z.enum(MISSION_STATES),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  team: z.string(),
  preliminaryReportDue: z.string().nullable(),
  finalReportDue: z.string().nullable(),
});
export type MissionRow = z.infer<typeof missionRowSchema>;

const documentLinkSchema = z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable();

export const missionOrderSchema = z.object({
  id: z.string(),
  auditorId: z.string(),
  auditorName: z.string(),
  role: z.enum(MISSION_ROLES),
  status: z.enum(MISSION_ORDER_STATUSES),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  document: documentLinkSchema,
  version: z.number().int(),
});
export type MissionOrder = z.infer<typeof missionOrderSchema>;

/** A mission order a change of days, team or role replaced by a new one: kept as it was sent (staff only). */
const replacedMissionOrderSchema = missionOrderSchema.extend({ replacedAt: z.string() });

/** One entry of a mission's history (its audit log): who, when, what (staff only). */
export const missionHistorySchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      occurredAt: z.string(),
      actorLabel: z.string(),
      action: z.string(),
      summary: z.string(),
    }),
  ),
});
export type MissionHistory = z.infer<typeof missionHistorySchema>;

export const programmeEntrySchema = z.object({
  time: z.string().trim().max(40).nullable().default(null),
  activity: z.enum(PROGRAMME_ACTIVITIES, { error: "Activité inconnue." }),
  people: z.string().trim().max(500).nullable().default(null),
});

export const missionDaySchema = z.object({
  day: z.string(),
  timeSlotId: z.number().int(),
  timeSlot: z.string(),
  dayFraction: z.number(),
  programme: z.array(
    z.object({ time: z.string().nullable(), activity: z.enum(PROGRAMME_ACTIVITIES), people: z.string().nullable() }),
  ),
});

export const missionAbilitiesSchema = z.record(z.string(), z.boolean());

export const missionDetailSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  client: z.object({
    raisonSocial: z.string(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    finess: z.string().nullable(),
  }),
  contractId: z.string(),
  contractNumber: z.string(),
  kind: z.enum(MISSION_KINDS),
  remote: z.boolean(),
  groupId: z.string().nullable(),
  groupedWith: z.array(z.object({ id: z.string(), clientId: z.string(), raisonSocial: z.string() })),
  status: z.enum(MISSION_STATES),
  team: z.array(
    z.object({
      auditorId: z.string(),
      name: z.string(),
      role: z.enum(MISSION_ROLES),
      /** The last written justification of this member's warnings on this mission (who, when, which). */
      justification: z
        .object({ text: z.string(), by: z.string(), at: z.string(), warnings: z.array(z.string()) })
        .nullable(),
    }),
  ),
  missionOrders: z.array(missionOrderSchema),
  /** Orders replaced by a newer one (new dates, role), newest first; empty for evaluators and client users. */
  replacedOrders: z.array(replacedMissionOrderSchema),
  days: z.array(missionDaySchema),
  deadlines: z.object({
    preliminaryReportDue: z.string().nullable(),
    observationsDue: z.string().nullable(),
    finalReportDue: z.string().nullable(),
  }),
  late: z.object({ preliminary: z.boolean(), final: z.boolean() }),
  reports: z.object({
    preliminary: z.object({
      document: documentLinkSchema,
      uploadedAt: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      reviewedBy: z.string().nullable(),
      reviewComment: z.string().nullable(),
      sentAt: z.string().nullable(),
    }),
    observations: z.object({
      document: documentLinkSchema,
      receivedAt: z.string().nullable(),
      /** The observations as the ESSMS wrote them in its portal. */
      text: z.string().nullable().optional(),
    }),
    final: z.object({ document: documentLinkSchema, at: z.string().nullable() }),
    hasTransmittedAt: z.string().nullable(),
  }),
  /** The documents asked of the ESSMS (its portal shows the checklist). */
  requestedDocuments: z.array(z.object({ id: z.string(), label: z.string(), received: z.boolean() })),
  /** Preparation plan, detailed plan, list of AT… (staff and team only). */
  preparationDocuments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      metaCode: z.enum(PREPARATION_DOCUMENT_CODES),
      url: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Open non-conformities of a certification audit (majors block the decision). */
  openNonConformities: z.object({ major: z.number().int(), minor: z.number().int() }),
  /** The ESSMS's answer to the proposed team, from its portal (null: not answered). */
  clientTeamAnswer: clientTeamAnswerSchema.nullable().optional(),
  /** What every status text of the mission is derived from (`missionStatusText`). */
  statusFacts: missionStatusFactsSchema,
  abilities: missionAbilitiesSchema,
  version: z.number().int(),
});
export type MissionDetail = z.infer<typeof missionDetailSchema>;

const justificationSchema = z.string().trim().max(2000, "2000 caractères au plus.");

/** PUT /api/missions/{id}/team: at least two evaluators, exactly one coordinating. */
export const missionTeamBodySchema = z
  .object({
    members: z
      .array(z.object({ auditorId: idSchema, role: z.enum(MISSION_ROLES, { error: "Rôle inconnu." }) }))
      .max(10, "Dix évaluateurs au plus."),
    /** Why an evaluator with impartiality warnings is kept (sector, availability, monthly maximum). */
    justification: justificationSchema.optional(),
    version: versionSchema,
  })
  .refine((v) => new Set(v.members.map((m) => m.auditorId)).size === v.members.length, {
    message: "Un évaluateur ne figure qu'une fois dans l'équipe.",
    path: ["members"],
  })
  .refine((v) => v.members.length >= 2, {
    message: "L'équipe d'évaluation compte au moins deux évaluateurs.",
    path: ["members"],
  })
  .refine((v) => v.members.filter((m) => m.role === "COORDINATOR").length === 1, {
    message: "L'équipe a un coordinateur, et un seul.",
    path: ["members"],
  });
export type MissionTeamBody = z.input<typeof missionTeamBodySchema>;

const slotIds = AUDIT_TIME_SLOTS.map((s) => s.id);

/** PUT /api/missions/{id}/days: the visit days, each on a time slot, with its programme. */
export const missionDaysBodySchema = z
  .object({
    days: z
      .array(
        z.object({
          day: isoDate("Jour de visite"),
          timeSlotId: z
            .number()
            .int()
            .refine((v) => slotIds.includes(v), "Créneau horaire inconnu."),
          programme: z.array(programmeEntrySchema).max(30).default([]),
        }),
      )
      .max(60, "Soixante jours de visite au plus."),
    /** On site (false) or remote (true); absent: unchanged. A certification audit only (canBeRemote). */
    remote: z.boolean({ error: "Indiquez si l'audit a lieu sur site ou à distance." }).optional(),
    /** Why the team is kept on these days despite the warnings they raise (leave, double booking…). */
    justification: justificationSchema.optional(),
    version: versionSchema,
  })
  .refine((v) => new Set(v.days.map((d) => d.day)).size === v.days.length, {
    message: "Un jour ne figure qu'une fois dans la visite.",
    path: ["days"],
  });
export type MissionDaysBody = z.input<typeof missionDaysBodySchema>;

/** POST /api/missions/{id}/mission-orders/send: every order to send (all waiting ones by default). */
export const sendMissionOrdersBodySchema = z.object({
  auditorIds: z.array(idSchema).max(10).optional(),
  version: versionSchema,
});

export const refuseMissionOrderBodySchema = z.object({
  reason: z
    .string({ error: "Indiquez le motif du refus." })
    .trim()
    .min(3, "Indiquez le motif du refus.")
    .max(2000, "2000 caractères au plus."),
});
export const answerByLinkBodySchema = z.object({
  p: z.string().min(1).max(2000),
  token: z.string().min(1).max(200),
  answer: z.enum(["ACCEPT", "REFUSE"]),
  reason: z.string().trim().max(2000).optional(),
  /** Accepting despite a warning of the planning rules (declared leave, another visit…): why. */
  justification: justificationSchema.optional(),
});
/** POST /api/mission-orders/{id}/accept: no body, or the reason for accepting despite warnings. */
export const acceptMissionOrderBodySchema = z.preprocess(
  // Fastify hands a missing body to the validator as null.
  (v) => v ?? {},
  z.object({ justification: justificationSchema.optional() }),
);

export const missionVersionBodySchema = z.object({ version: versionSchema });
export const reviewPreliminaryBodySchema = z.object({
  comment: z.string().trim().max(2000, "2000 caractères au plus.").optional(),
  version: versionSchema,
});
export const hasTransmissionBodySchema = z.object({
  date: isoDate("Date de transmission"),
  version: versionSchema,
});

export const calendarLinkSchema = z.object({ url: z.string() });

export const missionSavedSchema = z.object({ id: z.string(), version: z.number().int() });

/** PUT /api/missions/{id}/programme: the day-by-day programme of the visit days already set. */
export const missionProgrammeBodySchema = z.object({
  days: z
    .array(z.object({ day: isoDate("Jour de visite"), programme: z.array(programmeEntrySchema).max(30).default([]) }))
    .max(60),
  version: versionSchema,
});
export type MissionProgrammeBody = z.input<typeof missionProgrammeBodySchema>;

/** PUT /api/missions/{id}/requested-documents: the checklist of documents asked of the ESSMS. */
export const requestedDocumentsBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().max(60).optional(),
        label: safeText().trim().min(2, "Nommez le document demandé.").max(200, "200 caractères au plus."),
        received: z.boolean().default(false),
      }),
    )
    .max(60, "Soixante documents au plus."),
  version: versionSchema,
});
export type RequestedDocumentsBody = z.input<typeof requestedDocumentsBodySchema>;

/** The report deadlines of Settings › Missions. */
export const deadlineSettingsSchema = z.object({
  preliminaryReportDays: z.number().int(),
  observationsDays: z.number().int(),
  finalReportDays: z.number().int(),
  reminderDaysBefore: z.number().int(),
  version: z.number().int(),
});
const days = (label: string, max: number) =>
  z
    .number({ error: `${label} : nombre de jours attendu.` })
    .int(`${label} : nombre entier de jours.`)
    .min(0, `${label} : au moins 0 jour.`)
    .max(max, `${label} : ${max} jours au plus.`);
export const deadlineSettingsBodySchema = z.object({
  preliminaryReportDays: days("Rapport préliminaire", 365).min(1, "Rapport préliminaire : au moins 1 jour."),
  observationsDays: days("Observations", 365).min(1, "Observations : au moins 1 jour."),
  finalReportDays: days("Rapport définitif", 365).min(1, "Rapport définitif : au moins 1 jour."),
  reminderDaysBefore: days("Rappel", 60),
  version: versionSchema,
});
export type DeadlineSettingsBody = z.input<typeof deadlineSettingsBodySchema>;

const longText = (max: number) => safeText().trim().max(max, `${max} caractères au plus.`);

export const nonConformitySchema = z.object({
  id: z.string(),
  missionId: z.string(),
  criterion: z.string(),
  severity: z.enum(NON_CONFORMITY_SEVERITIES),
  description: z.string(),
  correctiveAction: z.string().nullable(),
  evidence: z.string().nullable(),
  dueDate: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  late: z.boolean(),
  version: z.number().int(),
});
export type NonConformity = z.infer<typeof nonConformitySchema>;

export const nonConformityBodySchema = z.object({
  criterion: safeText().trim().min(1, "Indiquez le critère du référentiel.").max(40, "40 caractères au plus."),
  severity: z.enum(NON_CONFORMITY_SEVERITIES, { error: "Majeure ou mineure ?" }),
  description: longText(4000).min(3, "Décrivez l'écart constaté."),
  correctiveAction: longText(4000).nullable().default(null),
  evidence: longText(4000).nullable().default(null),
  dueDate: isoDate("Échéance").nullable().default(null),
});
export type NonConformityBody = z.input<typeof nonConformityBodySchema>;
export const nonConformityUpdateBodySchema = nonConformityBodySchema.extend({ version: versionSchema });
export type NonConformityUpdateBody = z.input<typeof nonConformityUpdateBodySchema>;
export const nonConformityCloseBodySchema = z.object({ version: versionSchema });
