import type { Actor } from "../../lib/actor.js";
import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

const staffMay = (op: "read" | "update") => (actor: Actor) => isStaff(actor) && granted(actor, "MISSION", op);
const isAuditor = (actor: Actor, auditorId: string) =>
  actor.profileType === "AUDITEUR" && !!actor.auditorId && actor.auditorId === auditorId;
/** The quality profiles who score the evaluators' work (the spec's performance, by QSE). */
export const QUALITY_PROFILES: ReadonlySet<string> = new Set(["QSE", "DIR"]);

/** A mission as the money-and-quality rules see it. */
export interface MissionMoneyRecord {
  id: string;
  clientId: string;
  team: ReadonlyArray<{ auditorId: string }>;
  /** The first visit day is today or past. */
  visitStarted: boolean;
  /** The current questionnaire: answered, and already sent to the evaluators. */
  survey: { answered: boolean; sentToAuditors: boolean } | null;
}

const onTeam = (actor: Actor, m: MissionMoneyRecord) => m.team.some((t) => isAuditor(actor, t.auditorId));

/**
 * A mission's expenses, fees, performance and satisfaction: staff see them (MISSION grants decide
 * what they may do), an evaluator of the team sees the mission (and only their own lines); a client
 * user, or an evaluator of another team, gets 404.
 */
export const missionMoneyResource = defineResource<MissionMoneyRecord>()({
  name: "missionMoney",
  actions: ["read", "declare", "score", "sendSatisfaction", "sendSatisfactionToAuditor"],
  notFound: "Mission introuvable.",
  scope: (actor, m) => isStaff(actor) || onTeam(actor, m),
});
allow(missionMoneyResource, "read", (actor, m) => staffMay("read")(actor) || onTeam(actor, m));
allow(missionMoneyResource, "declare", onTeam);
allow(missionMoneyResource, "score", (actor) => QUALITY_PROFILES.has(actor.profileType));
allow(missionMoneyResource, ["sendSatisfaction", "sendSatisfactionToAuditor"], staffMay("update"));
guard(missionMoneyResource, "score", (m) => !m.visitStarted && "La visite n'a pas encore eu lieu.");
guard(missionMoneyResource, "sendSatisfaction", (m) =>
  !m.visitStarted
    ? "Le questionnaire de satisfaction s'envoie après la visite."
    : !!m.survey?.answered && "L'établissement a déjà répondu au questionnaire.",
);
guard(missionMoneyResource, "sendSatisfactionToAuditor", (m) =>
  !m.survey?.answered
    ? "L'établissement n'a pas encore répondu au questionnaire."
    : m.survey.sentToAuditors && "Les réponses ont déjà été envoyées aux évaluateurs.",
);

/** An expense line as the policy sees it. */
export interface ExpenseRecord {
  auditorId: string;
  status: string;
}

/**
 * An expense: staff see every line; an evaluator only their own (another's answers 404, as if it did
 * not exist) and changes it while it is submitted; staff with MISSION update approve, reject and
 * record the reimbursement.
 */
export const expenseResource = defineResource<ExpenseRecord>()({
  name: "expense",
  actions: ["read", "update", "decide", "reimburse"],
  notFound: "Dépense introuvable.",
  scope: (actor, e) => isStaff(actor) || isAuditor(actor, e.auditorId),
});
allow(expenseResource, "read", (actor, e) => staffMay("read")(actor) || isAuditor(actor, e.auditorId));
allow(expenseResource, "update", (actor, e) => isAuditor(actor, e.auditorId));
allow(expenseResource, ["decide", "reimburse"], staffMay("update"));
guard(expenseResource, ["update", "decide"], (e) => e.status !== "SUBMITTED" && "Cette dépense a déjà été traitée.");
guard(
  expenseResource,
  "reimburse",
  (e) =>
    e.status !== "APPROVED" &&
    (e.status === "REIMBURSED" ? "Cette dépense est déjà remboursée." : "Seule une dépense validée se rembourse."),
);

/** A freelance evaluator's invoice for a mission. */
export interface FeeInvoiceRecord {
  auditorId: string;
  status: string;
}
export const feeInvoiceResource = defineResource<FeeInvoiceRecord>()({
  name: "feeInvoice",
  actions: ["read", "pay"],
  notFound: "Facture introuvable.",
  scope: (actor, f) => isStaff(actor) || isAuditor(actor, f.auditorId),
});
allow(feeInvoiceResource, "read", (actor, f) => staffMay("read")(actor) || isAuditor(actor, f.auditorId));
allow(feeInvoiceResource, "pay", staffMay("update"));
guard(feeInvoiceResource, "pay", (f) => f.status === "PAID" && "Cette facture est déjà payée.");

/** An evaluator's own records (statement, expenses, performance): staff with MISSION read, or themselves. */
export const auditorMoneyResource = defineResource<{ auditorId: string }>()({
  name: "auditorMoney",
  actions: ["read"],
  notFound: "Évaluateur introuvable.",
  scope: (actor, a) => isStaff(actor) || isAuditor(actor, a.auditorId),
});
allow(auditorMoneyResource, "read", (actor, a) => staffMay("read")(actor) || isAuditor(actor, a.auditorId));
