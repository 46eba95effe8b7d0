import type { Actor } from "../../lib/actor.js";
import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** A mission as the policy sees it: its row's state and its team. */
export interface MissionRecord {
  id: string;
  clientId: string;
  /** ESSMS_EVALUATION or a certification audit (CERT_…). */
  kind: string;
  status: string;
  team: ReadonlyArray<{ auditorId: string; role: string }>;
  preliminaryUploadedAt: string | null;
  preliminaryReviewedAt: string | null;
  preliminarySentAt: string | null;
  observationsReceivedAt: string | null;
  finalReportAt: string | null;
}

const onTeam = (actor: Actor, m: MissionRecord) =>
  actor.profileType === "AUDITEUR" && !!actor.auditorId && m.team.some((t) => t.auditorId === actor.auditorId);
const isCoordinator = (actor: Actor, m: MissionRecord) =>
  actor.profileType === "AUDITEUR" && m.team.some((t) => t.auditorId === actor.auditorId && t.role === "COORDINATOR");
const isClientOf = (actor: Actor, m: MissionRecord) =>
  actor.profileType === "MYQUALIANOR" && !!actor.clientId && actor.clientId === m.clientId;
const staffMay = (op: "read" | "update") => (actor: Actor) => isStaff(actor) && granted(actor, "MISSION", op);
/** The quality profiles who review a report before it leaves. */
const QUALITY_PROFILES = new Set(["QSE", "DIR"]);

/**
 * Missions: staff see every mission (MISSION grants decide what they may do), an evaluator only the
 * missions whose team they are on, a client user only their establishment's; anything else is 404.
 */
export const missionResource = defineResource<MissionRecord>()({
  name: "mission",
  actions: [
    "read",
    "updateTeam",
    "updateDays",
    "sendOrders",
    "uploadPreliminary",
    "reviewPreliminary",
    "sendPreliminary",
    "sendObservations",
    "uploadFinal",
    "recordHasTransmission",
    "updateProgramme",
    "updateRequestedDocuments",
    "uploadPreparation",
    "manageNonConformities",
    "closeNonConformity",
    "answerTeam",
    "provideDocuments",
  ],
  notFound: "Mission introuvable.",
  scope: (actor, m) => isStaff(actor) || onTeam(actor, m) || isClientOf(actor, m),
});

allow(missionResource, "read", (actor, m) => staffMay("read")(actor) || onTeam(actor, m) || isClientOf(actor, m));
allow(
  missionResource,
  ["updateTeam", "updateDays", "sendOrders", "sendPreliminary", "recordHasTransmission"],
  staffMay("update"),
);
allow(missionResource, ["uploadPreliminary", "uploadFinal"], (a, m) => staffMay("update")(a) || isCoordinator(a, m));
allow(
  missionResource,
  ["updateProgramme", "uploadPreparation", "manageNonConformities"],
  (a, m) => staffMay("update")(a) || isCoordinator(a, m),
);
allow(missionResource, ["updateRequestedDocuments", "closeNonConformity"], staffMay("update"));
allow(missionResource, "reviewPreliminary", (actor) => QUALITY_PROFILES.has(actor.profileType));
allow(missionResource, "sendObservations", (a, m) => staffMay("update")(a) || isClientOf(a, m));
// The client portal (mission-portal.service.ts): the ESSMS answers the proposed team and provides documents.
allow(missionResource, "answerTeam", isClientOf);
allow(missionResource, "provideDocuments", (a, m) => staffMay("update")(a) || isClientOf(a, m));

const FINALISED = "Cette mission est finalisée : elle ne se modifie plus.";
guard(
  missionResource,
  [
    "updateTeam",
    "updateDays",
    "sendOrders",
    "uploadPreliminary",
    "reviewPreliminary",
    "sendPreliminary",
    "sendObservations",
    "uploadFinal",
    "updateProgramme",
    "updateRequestedDocuments",
    "uploadPreparation",
    "answerTeam",
    "provideDocuments",
  ],
  (m) => m.status === "FINALISED" && FINALISED,
);
guard(
  missionResource,
  ["manageNonConformities", "closeNonConformity"],
  (m) => m.kind === "ESSMS_EVALUATION" && "Les non-conformités concernent les audits de certification.",
);
guard(
  missionResource,
  "updateDays",
  (m) => !!m.preliminaryUploadedAt && "Le rapport préliminaire est déposé : les jours de visite ne changent plus.",
);
guard(
  missionResource,
  "uploadPreliminary",
  (m) => !!m.preliminarySentAt && "Le rapport préliminaire a déjà été envoyé à l'établissement.",
);
guard(missionResource, "reviewPreliminary", (m) =>
  !m.preliminaryUploadedAt
    ? "Aucun rapport préliminaire à relire."
    : !!m.preliminarySentAt && "Le rapport préliminaire a déjà été envoyé.",
);
guard(missionResource, "sendPreliminary", (m) =>
  !m.preliminaryReviewedAt
    ? "Le rapport préliminaire doit être relu par la qualité avant son envoi."
    : !!m.preliminarySentAt && "Le rapport préliminaire a déjà été envoyé.",
);
guard(missionResource, "sendObservations", (m) =>
  !m.preliminarySentAt
    ? "Le rapport préliminaire n'a pas encore été envoyé."
    : !!m.observationsReceivedAt && "Les observations ont déjà été reçues.",
);
guard(
  missionResource,
  "uploadFinal",
  (m) => !m.preliminarySentAt && "Le rapport définitif suit l'envoi du rapport préliminaire.",
);
guard(missionResource, "answerTeam", (m) => m.team.length === 0 && "Aucune équipe ne vous est encore proposée.");
guard(missionResource, "recordHasTransmission", (m) => !m.finalReportAt && "Le rapport définitif n'est pas déposé.");

/** A mission order as the policy sees it. */
export interface MissionOrderRecord {
  id: string;
  auditorId: string;
  status: string;
}

/**
 * Mission orders: staff see them all; an evaluator sees and answers only their own (another's is
 * 404, as if it did not exist); only a SENT order can be answered, once.
 */
export const missionOrderResource = defineResource<MissionOrderRecord>()({
  name: "missionOrder",
  actions: ["read", "answer"],
  notFound: "Ordre de mission introuvable.",
  scope: (actor, o) => isStaff(actor) || (actor.profileType === "AUDITEUR" && actor.auditorId === o.auditorId),
});
allow(missionOrderResource, "read", (actor, o) => staffMay("read")(actor) || actor.auditorId === o.auditorId);
allow(
  missionOrderResource,
  "answer",
  (actor, o) => actor.profileType === "AUDITEUR" && actor.auditorId === o.auditorId,
);
guard(missionOrderResource, "answer", (o) =>
  o.status === "WAITING"
    ? "Cet ordre de mission n'a pas encore été envoyé."
    : o.status !== "SENT" && "Cet ordre de mission a déjà reçu une réponse.",
);
