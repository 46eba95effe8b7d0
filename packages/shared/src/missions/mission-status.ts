import { z } from "zod";
import { formatDate } from "../format/index.js";
import { MISSION_STATE_LABELS, MISSION_STATES, type MissionState } from "./codes.js";
import type { MissionDeadlines } from "./deadlines.js";

/**
 * Every status text of a mission, for whoever reads it: the client portal, the evaluator space and
 * the staff screens. One function of the mission's facts, so no two screens tell different stories
 * (a report "to be sent" that was received, a team "proposed" on one side and "not sent" on the other).
 */

export const MISSION_STATUS_AUDIENCES = ["portal", "evaluator", "staff"] as const;
export type MissionStatusAudience = (typeof MISSION_STATUS_AUDIENCES)[number];

/** What a mission's status texts are made of (ISO days, or ISO instants for the team's dates). */
export interface MissionStatusFacts {
  state: MissionState;
  contractSignedAt: string | null;
  teamSize: number;
  /** The last time the team was proposed to the establishment (its mail), or null. */
  teamProposedAt: string | null;
  /** The establishment's latest answer; `current` is false once the team changed since. */
  teamAnswer: { decision: "ACCEPT" | "OBJECT"; answeredAt: string; current: boolean } | null;
  firstDay: string | null;
  lastDay: string | null;
  today: string;
  preliminaryUploadedAt: string | null;
  preliminaryReviewedAt: string | null;
  preliminarySentAt: string | null;
  observationsReceivedAt: string | null;
  finalReportAt: string | null;
  deadlines: MissionDeadlines;
  late: { preliminary: boolean; final: boolean };
}

const day = z.string().nullable();
/** The facts as an API sends them, for a screen to call `missionStatusText` itself. */
export const missionStatusFactsSchema = z.object({
  state: z.enum(MISSION_STATES),
  contractSignedAt: day,
  teamSize: z.number().int(),
  teamProposedAt: day,
  teamAnswer: z
    .object({ decision: z.enum(["ACCEPT", "OBJECT"]), answeredAt: z.string(), current: z.boolean() })
    .nullable(),
  firstDay: day,
  lastDay: day,
  today: z.string(),
  preliminaryUploadedAt: day,
  preliminaryReviewedAt: day,
  preliminarySentAt: day,
  observationsReceivedAt: day,
  finalReportAt: day,
  deadlines: z.object({ preliminaryReportDue: day, observationsDue: day, finalReportDue: day }),
  late: z.object({ preliminary: z.boolean(), final: z.boolean() }),
}) satisfies z.ZodType<MissionStatusFacts>;

export const MISSION_STEP_CODES = [
  "CONTRACT",
  "TEAM_PROPOSED",
  "TEAM_ACCEPTED",
  "DAYS",
  "VISIT",
  "PRELIMINARY",
  "OBSERVATIONS",
  "FINAL",
] as const;
export type MissionStepCode = (typeof MISSION_STEP_CODES)[number];

/** done; current: the next thing to happen; passed: no longer expected (a later step happened); upcoming. */
export type MissionStepStatus = "done" | "current" | "passed" | "upcoming";

export interface MissionStepText {
  code: MissionStepCode;
  label: string;
  status: MissionStepStatus;
  /** "fait", "en cours", "à venir", or what happened instead ("sans réponse", "objection transmise"). */
  statusText: string;
  date: string | null;
  detail: string | null;
}

export interface MissionStatusText {
  /** The mission's state, the same words on every screen (the list's filters). */
  label: string;
  /** One sentence: where the mission stands and what comes next. */
  summary: string;
  /** Where the team stands with the establishment. */
  team: string;
  /** Whether the establishment has been shown the team (the portal shows it from then on). */
  teamShown: boolean;
  preliminary: string;
  final: string;
  steps: MissionStepText[];
}

/** An ISO day or instant as jj/mm/aaaa (an instant read in Paris time). */
const d = (iso: string | null) => (iso ? formatDate(iso) : "");

type Words = Record<MissionStepCode, string>;
const STEP_LABELS: Record<MissionStatusAudience, Words> = {
  portal: {
    CONTRACT: "Contrat signé",
    TEAM_PROPOSED: "Équipe d'évaluation proposée",
    TEAM_ACCEPTED: "Équipe acceptée",
    DAYS: "Dates de visite fixées",
    VISIT: "Visite d'évaluation",
    PRELIMINARY: "Rapport préliminaire reçu",
    OBSERVATIONS: "Observations envoyées",
    FINAL: "Rapport définitif",
  },
  evaluator: {
    CONTRACT: "Contrat signé",
    TEAM_PROPOSED: "Équipe proposée à l'établissement",
    TEAM_ACCEPTED: "Équipe acceptée par l'établissement",
    DAYS: "Dates de visite fixées",
    VISIT: "Visite d'évaluation",
    PRELIMINARY: "Rapport préliminaire envoyé à l'établissement",
    OBSERVATIONS: "Observations de l'établissement",
    FINAL: "Rapport définitif",
  },
  staff: {
    CONTRACT: "Contrat signé",
    TEAM_PROPOSED: "Équipe proposée à l'établissement",
    TEAM_ACCEPTED: "Équipe acceptée par l'établissement",
    DAYS: "Dates de visite fixées",
    VISIT: "Visite d'évaluation",
    PRELIMINARY: "Rapport préliminaire envoyé à l'établissement",
    OBSERVATIONS: "Observations de l'établissement",
    FINAL: "Rapport définitif",
  },
};

const visitStarted = (f: MissionStatusFacts) => !!f.firstDay && f.firstDay <= f.today;
/** The establishment knows the team: proposed by mail, already answered, or met at the visit. */
const teamShownOf = (f: MissionStatusFacts) =>
  f.teamSize > 0 && (!!f.teamProposedAt || !!f.teamAnswer || visitStarted(f));
const visitOver = (f: MissionStatusFacts) => !!f.lastDay && f.lastDay < f.today;

function teamText(f: MissionStatusFacts, a: MissionStatusAudience): string {
  const portal = a === "portal";
  const answer = f.teamAnswer;
  if (answer?.current && answer.decision === "ACCEPT")
    return portal
      ? `Vous avez accepté cette équipe le ${d(answer.answeredAt)}.`
      : `Équipe acceptée par l'établissement le ${d(answer.answeredAt)}.`;
  if (answer?.current)
    return portal
      ? `Vous avez formulé une objection le ${d(answer.answeredAt)} : nous revenons vers vous.`
      : `Objection de l'établissement le ${d(answer.answeredAt)} : équipe à revoir.`;
  if (f.teamSize === 0)
    return portal ? "L'équipe d'évaluation vous sera proposée prochainement." : "Équipe à composer.";
  if (visitStarted(f))
    return portal
      ? "L'équipe ci-dessous mène votre évaluation."
      : "La visite a commencé sans réponse de l'établissement sur l'équipe.";
  if (!teamShownOf(f))
    return portal
      ? "L'équipe d'évaluation vous sera proposée prochainement."
      : "Équipe composée, pas encore proposée à l'établissement.";
  const changed = answer && !answer.current;
  if (portal)
    return changed
      ? "L'équipe a changé depuis votre réponse : merci de répondre à nouveau."
      : "Merci d'accepter l'équipe proposée ou de formuler une objection.";
  return changed
    ? "L'équipe a changé depuis la réponse de l'établissement : réponse à redemander."
    : `Équipe proposée à l'établissement le ${d(f.teamProposedAt)} : réponse en attente.`;
}

function preliminaryText(f: MissionStatusFacts, a: MissionStatusAudience): string {
  const portal = a === "portal";
  const due = f.deadlines.preliminaryReportDue;
  if (f.preliminarySentAt)
    return portal
      ? `Le rapport préliminaire vous a été envoyé le ${d(f.preliminarySentAt)}.`
      : `Rapport préliminaire envoyé à l'établissement le ${d(f.preliminarySentAt)}.`;
  if (portal)
    return visitOver(f) && due
      ? `Le rapport préliminaire vous sera envoyé au plus tard le ${d(due)}.`
      : "Le rapport préliminaire vous sera envoyé après la visite.";
  if (f.preliminaryReviewedAt) return "Le rapport préliminaire est relu : il reste à l'envoyer à l'établissement.";
  if (f.preliminaryUploadedAt)
    return "Le rapport préliminaire attend la relecture d'un profil qualité avant son envoi.";
  if (f.late.preliminary) return `Rapport préliminaire en retard (attendu le ${d(due)}).`;
  return due
    ? `Rapport préliminaire attendu au plus tard le ${d(due)}.`
    : "Rapport préliminaire attendu après la visite.";
}

function finalText(f: MissionStatusFacts, a: MissionStatusAudience): string {
  const portal = a === "portal";
  const due = f.deadlines.finalReportDue;
  if (f.finalReportAt)
    return portal
      ? `Le rapport définitif est disponible depuis le ${d(f.finalReportAt)}.`
      : `Rapport définitif déposé le ${d(f.finalReportAt)} : l'évaluation est finalisée.`;
  if (f.late.final && !portal) return `Rapport définitif en retard (attendu le ${d(due)}).`;
  if (due)
    return portal
      ? `Le rapport définitif vous sera envoyé au plus tard le ${d(due)}.`
      : `Rapport définitif attendu au plus tard le ${d(due)}.`;
  return portal ? "Le rapport définitif suivra vos observations." : "Rapport définitif attendu après les observations.";
}

function summaryText(f: MissionStatusFacts, a: MissionStatusAudience, steps: MissionStepText[]): string {
  if (f.state === "FINALISED" || f.finalReportAt) return finalText(f, a);
  const portal = a === "portal";
  if (f.preliminarySentAt) {
    if (f.observationsReceivedAt)
      return portal
        ? `Nous avons reçu vos observations le ${d(f.observationsReceivedAt)}. ${finalText(f, a)}`
        : `Observations reçues le ${d(f.observationsReceivedAt)}. ${finalText(f, a)}`;
    const obs = f.deadlines.observationsDue;
    if (obs && f.today <= obs)
      return portal
        ? `${preliminaryText(f, a)} Vos observations sont attendues au plus tard le ${d(obs)}.`
        : `${preliminaryText(f, a)} Observations attendues au plus tard le ${d(obs)}.`;
    return `${preliminaryText(f, a)} ${finalText(f, a)}`;
  }
  if (visitOver(f)) return preliminaryText(f, a);
  if (f.firstDay && visitStarted(f)) return portal ? "La visite d'évaluation est en cours." : "Visite en cours.";
  if (f.firstDay) {
    const when =
      f.lastDay && f.lastDay !== f.firstDay ? `du ${d(f.firstDay)} au ${d(f.lastDay)}` : `le ${d(f.firstDay)}`;
    return portal ? `Visite d'évaluation prévue ${when}.` : `Visite prévue ${when}.`;
  }
  const current = steps.find((s) => s.status === "current");
  if (current?.code === "TEAM_PROPOSED" || current?.code === "TEAM_ACCEPTED") return teamText(f, a);
  return portal ? "Les dates de visite sont à fixer : nous revenons vers vous." : "Dates de visite à fixer.";
}

/** The steps of the evaluation with what each has become; nothing "à venir" once a later step is done. */
function stepsOf(f: MissionStatusFacts, a: MissionStatusAudience): MissionStepText[] {
  const labels = STEP_LABELS[a];
  const portal = a === "portal";
  const shown = teamShownOf(f);
  const answer = f.teamAnswer?.current ? f.teamAnswer : null;
  const raw: Array<Omit<MissionStepText, "status" | "statusText"> & { done: boolean; passedText: string }> = [
    {
      code: "CONTRACT",
      label: labels.CONTRACT,
      done: !!f.contractSignedAt,
      date: f.contractSignedAt,
      detail: null,
      passedText: "sans date de signature",
    },
    {
      code: "TEAM_PROPOSED",
      label: labels.TEAM_PROPOSED,
      done: shown,
      date: f.teamProposedAt,
      detail: null,
      passedText: "sans proposition écrite",
    },
    {
      code: "TEAM_ACCEPTED",
      label:
        answer?.decision === "OBJECT"
          ? portal
            ? "Objection à l'équipe"
            : "Objection de l'établissement"
          : labels.TEAM_ACCEPTED,
      done: answer?.decision === "ACCEPT",
      date: answer ? answer.answeredAt : null,
      detail: null,
      passedText: answer?.decision === "OBJECT" ? "objection transmise" : "sans réponse",
    },
    {
      code: "DAYS",
      label: labels.DAYS,
      done: !!f.firstDay,
      date: f.firstDay,
      detail: f.firstDay && f.lastDay && f.lastDay !== f.firstDay ? `jusqu'au ${d(f.lastDay)}` : null,
      passedText: "sans objet",
    },
    { code: "VISIT", label: labels.VISIT, done: visitOver(f), date: f.lastDay, detail: null, passedText: "sans objet" },
    {
      code: "PRELIMINARY",
      label: labels.PRELIMINARY,
      done: !!f.preliminarySentAt,
      date: f.preliminarySentAt,
      detail:
        !f.preliminarySentAt && f.deadlines.preliminaryReportDue
          ? `attendu au plus tard le ${d(f.deadlines.preliminaryReportDue)}`
          : null,
      passedText: "sans objet",
    },
    {
      code: "OBSERVATIONS",
      label: labels.OBSERVATIONS,
      done: !!f.observationsReceivedAt,
      date: f.observationsReceivedAt,
      detail:
        !f.observationsReceivedAt && f.deadlines.observationsDue
          ? `${portal ? "à envoyer" : "attendues"} au plus tard le ${d(f.deadlines.observationsDue)}`
          : null,
      passedText: portal ? "aucune observation envoyée" : "aucune observation reçue",
    },
    {
      code: "FINAL",
      label: labels.FINAL,
      done: !!f.finalReportAt || f.state === "FINALISED",
      date: f.finalReportAt,
      detail:
        !f.finalReportAt && f.deadlines.finalReportDue
          ? `attendu au plus tard le ${d(f.deadlines.finalReportDue)}`
          : null,
      passedText: "sans objet",
    },
  ];
  const lastDone = raw.reduce((last, s, i) => (s.done ? i : last), -1);
  const visitIndex = raw.findIndex((s) => s.code === "VISIT");
  const observationsClosed =
    !!f.deadlines.observationsDue && f.today > f.deadlines.observationsDue && !f.observationsReceivedAt;
  // Before the visit the steps run side by side (days may be set before the team is proposed); they
  // are over once the visit has started. After it, each step closes the ones before it.
  const passed = (s: { code: MissionStepCode }, i: number) =>
    i < visitIndex
      ? visitStarted(f) || lastDone >= visitIndex
      : i < lastDone || (s.code === "OBSERVATIONS" && observationsClosed);
  let currentTaken = false;
  return raw.map(({ done, passedText, ...s }, i): MissionStepText => {
    if (done) return { ...s, status: "done", statusText: "fait" };
    if (passed(s, i)) return { ...s, status: "passed", statusText: passedText, detail: null };
    if (!currentTaken) {
      currentTaken = true;
      const objection = s.code === "TEAM_ACCEPTED" && answer?.decision === "OBJECT";
      return { ...s, status: "current", statusText: objection ? "objection transmise" : "en cours" };
    }
    return { ...s, status: "upcoming", statusText: "à venir" };
  });
}

/** The status texts of a mission for one audience: the portal, the evaluator space or the staff. */
export function missionStatusText(f: MissionStatusFacts, audience: MissionStatusAudience): MissionStatusText {
  const steps = stepsOf(f, audience);
  return {
    label: MISSION_STATE_LABELS[f.state],
    summary: summaryText(f, audience, steps),
    team: teamText(f, audience),
    teamShown: teamShownOf(f),
    preliminary: preliminaryText(f, audience),
    final: finalText(f, audience),
    steps,
  };
}
