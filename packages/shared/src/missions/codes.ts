/** Codes of the missions (spec §3, §4, §9; domain.md "Sequence of a mission", "Deadlines"). */

/** What a mission is: an ESSMS evaluation, or one audit of a certification cycle. */
export const MISSION_KINDS = [
  "ESSMS_EVALUATION",
  "CERT_INITIAL",
  "CERT_SURVEILLANCE_1",
  "CERT_SURVEILLANCE_2",
  "CERT_RENEWAL",
] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_KIND_LABELS: Record<MissionKind, string> = {
  ESSMS_EVALUATION: "Évaluation externe ESSMS",
  CERT_INITIAL: "Audit initial de certification",
  CERT_SURVEILLANCE_1: "Audit de surveillance S1",
  CERT_SURVEILLANCE_2: "Audit de surveillance S2",
  CERT_RENEWAL: "Audit de renouvellement",
};

export const MISSION_ROLES = ["COORDINATOR", "EVALUATOR"] as const;
export type MissionRole = (typeof MISSION_ROLES)[number];
export const MISSION_ROLE_LABELS: Record<MissionRole, string> = {
  COORDINATOR: "Coordinateur(rice)",
  EVALUATOR: "Évaluateur(rice)",
};

/**
 * Mission order statuses (spec §4): WAITING until sent, then SENT, then the evaluator's answer. CANCELLED:
 * the evaluator left the team after their order went out (issue 39); the sent order is kept, superseded.
 */
export const MISSION_ORDER_STATUSES = ["WAITING", "SENT", "ACCEPT", "REFUSE", "CANCELLED"] as const;
export type MissionOrderStatus = (typeof MISSION_ORDER_STATUSES)[number];
export const MISSION_ORDER_STATUS_LABELS: Record<MissionOrderStatus, string> = {
  WAITING: "À envoyer",
  SENT: "Envoyé",
  ACCEPT: "Accepté",
  REFUSE: "Refusé",
  CANCELLED: "Annulé",
};

/**
 * Where a mission stands, derived from its days and reports against today's date: the filters of
 * the missions list.
 */
export const MISSION_STATES = ["TO_PLAN", "PLANNED", "VISIT_PAST", "REPORT_LATE", "FINALISED"] as const;
export type MissionState = (typeof MISSION_STATES)[number];
export const MISSION_STATE_LABELS: Record<MissionState, string> = {
  TO_PLAN: "À programmer",
  PLANNED: "Programmée",
  VISIT_PAST: "Visite passée",
  REPORT_LATE: "Rapport en retard",
  FINALISED: "Finalisée",
};

// The mission document meta codes (spec §3) are MISSION_DOCUMENT_META_CODES, in contracts/documents.ts.

/** The methods of the HAS référentiel, for the day-by-day programme of a visit. */
export const PROGRAMME_ACTIVITIES = ["ACCOMPAGNE_TRACEUR", "TRACEUR_CIBLE", "AUDIT_SYSTEME", "AUTRE"] as const;
export type ProgrammeActivity = (typeof PROGRAMME_ACTIVITIES)[number];
export const PROGRAMME_ACTIVITY_LABELS: Record<ProgrammeActivity, string> = {
  ACCOMPAGNE_TRACEUR: "Accompagné traceur",
  TRACEUR_CIBLE: "Traceur ciblé",
  AUDIT_SYSTEME: "Audit système",
  AUTRE: "Autre",
};

/** Spec §9: the programme column shows only for visit days from this date. */
export const PROGRAMME_COLUMN_FROM = "2022-12-16";
/** Spec §9: new rule date for the S1 audit. */
export const S1_NEW_RULE_FROM = "2022-07-01";

/** Report deadlines (domain.md; configurable in Settings). */
export interface DeadlineSettings {
  preliminaryReportDays: number;
  observationsDays: number;
  finalReportDays: number;
  reminderDaysBefore: number;
}
export const DEFAULT_DEADLINE_SETTINGS: DeadlineSettings = {
  preliminaryReportDays: 30,
  observationsDays: 15,
  finalReportDays: 15,
  reminderDaysBefore: 5,
};

/** The documents of the Préparation tab (spec §3 meta codes), uploaded as documents of the mission. */
export const PREPARATION_DOCUMENT_CODES = [
  "PREPARATION_PLAN",
  "DETAILED_PLAN",
  "LIST_OF_AT",
  "AUTRES_PREPARATION",
] as const;
export type PreparationDocumentCode = (typeof PREPARATION_DOCUMENT_CODES)[number];
export const PREPARATION_DOCUMENT_LABELS: Record<PreparationDocumentCode, string> = {
  PREPARATION_PLAN: "Plan de préparation",
  DETAILED_PLAN: "Plan détaillé",
  LIST_OF_AT: "Liste des accompagnés traceurs",
  AUTRES_PREPARATION: "Autre document de préparation",
};

/** The report documents a client user reads only once the report has been sent to them. */
export const CLIENT_GATED_REPORT_CODES = ["RAPPORT_PRELIMINARY", "FINAL_RAPPORT"] as const;

/** Non-conformities of a certification audit. */
export const NON_CONFORMITY_SEVERITIES = ["MAJOR", "MINOR"] as const;
export type NonConformitySeverity = (typeof NON_CONFORMITY_SEVERITIES)[number];
export const NON_CONFORMITY_SEVERITY_LABELS: Record<NonConformitySeverity, string> = {
  MAJOR: "Majeure",
  MINOR: "Mineure",
};

/** The reports a reminder is sent for, before their due date. */
export const REMINDED_REPORTS = ["PRELIMINARY", "OBSERVATIONS", "FINAL"] as const;
export type RemindedReport = (typeof REMINDED_REPORTS)[number];
export const REMINDED_REPORT_LABELS: Record<RemindedReport, string> = {
  PRELIMINARY: "rapport préliminaire",
  OBSERVATIONS: "observations de l'établissement",
  FINAL: "rapport définitif",
};
