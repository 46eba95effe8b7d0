import type { RequestService, RequestSource, RequestStatus } from "@certidesk/shared";
import type { DemoEssms, DemoGroup } from "./demo-parties.js";
import { addDays, isoDay, type Random, workingDay } from "./demo-random.js";
import { createRows, createSteps, type DemoStaff, type Numbered } from "./demo-steps.js";
import { CLIENT_COMMENTS, PROSPECT_COMMENTS, REFUSAL_REASONS } from "./demo-texts.js";

export type { DemoActor, DemoStaff } from "./demo-steps.js";
export type EvaluationFate = "NONE" | "PLANNED" | "PAST" | "FINISHED";
/** What the pipeline decides for each establishment's client columns. */
export interface EssmsOutcome {
  clientSince: Date | null;
  evaluationDate: string | null;
  evaluationFinishedAt: string | null;
  regroupingStatus: number | null;
  dateRelance: string | null;
  createdAt: Date;
}

const MASKS = { REQUEST: "DEM", QUOTE: "D", CONTRACT: "C" } as const;

/** The demo's commercial history: signed clients and their evaluation's fate, prospects at every step. */
export function createPipeline(rand: Random, staff: DemoStaff, auditorIds: string[], now: Date) {
  const rows = createRows();
  const outcomes = new Map<string, EssmsOutcome>();
  const numbered: Numbered[] = [];
  const {
    ago,
    at,
    audit,
    comment,
    followUp,
    newRequest,
    newQuote,
    sendQuote,
    newContract,
    programme,
    sendContract,
    review,
  } = createSteps({ rand, staff, auditorIds, now, rows, numbered });

  const setOutcome = (group: DemoGroup, outcome: Partial<EssmsOutcome>, created: Date) => {
    for (const e of group.establishments) {
      outcomes.set(e.id, {
        clientSince: null,
        evaluationDate: null,
        evaluationFinishedAt: null,
        regroupingStatus: null,
        dateRelance: null,
        createdAt: created,
        ...outcome,
      });
    }
  };

  /** A legal entity that signed: request → accepted quote → signed contract, then its evaluation's fate. */
  /**
   * A planned visit's distance in days: two in five fall in the coming month, which makes it the
   * planning board's busy month (December 2026 from late November), from the same random draw.
   */
  const soonOrLater = (days: number) => (days % 5 < 2 ? 8 + (days % 31) : days);
  function client(group: DemoGroup, fate: EvaluationFate, plannedInDays?: number) {
    const ranges: Record<EvaluationFate, [number, number]> = {
      NONE: [80, 260],
      PLANNED: [90, 320],
      PAST: [230, 420],
      FINISHED: [430, 700],
    };
    const received = ago(rand.int(...ranges[fate]));
    const service: RequestService = rand.chance(0.08) ? "CERTIFICATION" : "ESSMS_EVALUATION";
    const source = rand.weighted([
      { v: "DIRECT", weight: 4 },
      { v: "APPEL_OFFRE", weight: 2.5 },
      { v: "SITE_WEB", weight: 1.5 },
      { v: "RECOMMANDATION", weight: 1.5 },
      { v: "RENOUVELLEMENT", weight: 0.5 },
    ]).v as RequestSource;
    const request = newRequest(group, service, source, "SIGNED", received);
    if (service === "CERTIFICATION") review(request.id, "RECEVABLE", addDays(received, 3));
    const quoteAt = at(received, 3, 10);
    const quote = newQuote(request.id, group, service, quoteAt, request.actor);
    sendQuote(quote, group, at(quoteAt, 1, 3), request.actor);
    const accepted = at(quoteAt, 10, 25);
    quote.row.status = "ACCEPTED";
    quote.row.decidedAt = accepted;
    audit(accepted, request.actor, "status", "quote", quote.id, "Devis accepté par le client");
    const grouped = group.establishments.length > 1 && rand.chance(0.6) ? rand.int(1, 3) : null;
    const contract = newContract(request.id, quote, group, source, accepted, grouped);
    sendContract(contract, group, at(accepted, 2, 6));
    const signed = workingDay(at(accepted, 8, 20));
    contract.row.status = "SIGNED";
    contract.row.signatureDate = isoDay(signed);
    audit(
      signed,
      staff.admin,
      "status",
      "contract",
      contract.id,
      "Contrat signé : les établissements deviennent clients",
    );
    audit(signed, staff.admin, "status", "request", request.id, "Demande convertie en client (contrat signé)");
    let evaluationDate: string | null = null;
    let firstOf = new Map<string, string>();
    let finished: string | null = null;
    if (fate !== "NONE") {
      const offsets: Record<Exclude<EvaluationFate, "NONE">, number> = {
        PLANNED: plannedInDays ?? soonOrLater(rand.int(12, 240)),
        PAST: -rand.int(8, 120),
        FINISHED: -rand.int(170, 330),
      };
      const days = programme(contract.id, group, addDays(now, offsets[fate]), at(signed, 3, 20));
      evaluationDate = days.first;
      firstOf = days.firstOf;
      if (fate === "FINISHED") finished = isoDay(addDays(new Date(`${days.last}T12:00:00Z`), rand.int(40, 75)));
    }
    const first = group.establishments[0] as DemoEssms;
    const relance = rand.chance(0.2) ? isoDay(addDays(now, rand.int(-20, 30))) : null;
    if (relance) followUp(ago(rand.int(1, 20)), rand.pick(staff.coordination), { clientId: first.id }, relance);
    if (rand.chance(0.35))
      comment(at(signed, 5, 40), rand.pick(staff.coordination), { clientId: first.id }, rand.pick(CLIENT_COMMENTS));
    for (const e of group.establishments)
      audit(
        new Date(received.getTime() - 600_000),
        request.actor,
        "create",
        "client",
        e.id,
        `Établissement « ${e.raisonSocial} » créé (FINESS ${e.finess})`,
      );
    setOutcome(
      group,
      { clientSince: signed, evaluationDate, evaluationFinishedAt: finished, regroupingStatus: grouped },
      received,
    );
    for (const e of group.establishments) {
      const outcome = outcomes.get(e.id);
      if (outcome && evaluationDate) outcome.evaluationDate = firstOf.get(e.id) ?? evaluationDate;
    }
    const firstOutcome = outcomes.get(first.id);
    if (firstOutcome) firstOutcome.dateRelance = relance;
  }

  /** A request still in the pipeline, at the given step. */
  function prospect(group: DemoGroup, status: RequestStatus, archived: boolean) {
    const minAge: Record<RequestStatus, number> = {
      NEW: 12,
      RECEVABILITY: 12,
      QUOTE_DRAFT: 12,
      QUOTE_SENT: 20,
      QUOTE_ACCEPTED: 28,
      CONTRACT_SENT: 34,
      SIGNED: 80,
      REFUSE: 36,
    };
    const received = ago(rand.int(archived ? 45 : minAge[status], 120));
    const service: RequestService =
      status === "RECEVABILITY" || (status !== "NEW" && rand.chance(0.12)) ? "CERTIFICATION" : "ESSMS_EVALUATION";
    const source = rand.pick(["DIRECT", "DIRECT", "APPEL_OFFRE", "SITE_WEB", "RECOMMANDATION"] as const);
    const request = newRequest(group, service, source, status, received);
    const target = { requestId: request.id };
    if (service === "CERTIFICATION")
      review(
        request.id,
        status === "RECEVABILITY" ? "PENDING" : status === "REFUSE" ? "NON_RECEVABLE" : "RECEVABLE",
        addDays(received, 2),
      );
    const steps: RequestStatus[] = ["QUOTE_DRAFT", "QUOTE_SENT", "QUOTE_ACCEPTED", "CONTRACT_SENT"];
    const reached = steps.indexOf(status);
    const refusedAfterQuote = status === "REFUSE" && service !== "CERTIFICATION" && rand.chance(0.6);
    if (reached >= 0 || refusedAfterQuote) {
      const quoteAt = at(received, 1, 6);
      let quote = newQuote(request.id, group, service, quoteAt, request.actor);
      if (reached >= 1 || refusedAfterQuote) {
        sendQuote(quote, group, at(quoteAt, 0, 2), request.actor);
        if (reached === 1 && rand.chance(0.3)) {
          quote.row.status = "SUPERSEDED";
          const v2At = at(quoteAt, 3, 8);
          quote = newQuote(request.id, group, service, v2At, request.actor, 2, { value: "", row: quote.row });
          sendQuote(quote, group, v2At, request.actor);
        }
      }
      if (refusedAfterQuote) {
        quote.row.status = "REFUSED";
        quote.row.decidedAt = at(quoteAt, 8, 20);
        quote.row.refusalReason = "Autre organisme retenu";
        audit(quote.row.decidedAt, request.actor, "status", "quote", quote.id, "Devis refusé par le client");
      }
      if (reached >= 2) {
        const accepted = at(quoteAt, 5, 15);
        quote.row.status = "ACCEPTED";
        quote.row.decidedAt = accepted;
        audit(accepted, request.actor, "status", "quote", quote.id, "Devis accepté par le client");
        const contract = newContract(request.id, quote, group, source, accepted, null);
        if (reached === 3) {
          programme(contract.id, group, addDays(now, rand.int(40, 200)), at(accepted, 1, 4));
          sendContract(contract, group, at(accepted, 2, 6));
        }
      }
    }
    if (status === "REFUSE") {
      const reason =
        service === "CERTIFICATION"
          ? "Demande non recevable"
          : refusedAfterQuote
            ? "Devis refusé par l'établissement"
            : rand.pick(REFUSAL_REASONS);
      request.row.refusalReason = reason;
      audit(at(received, 10, 30), request.actor, "status", "request", request.id, `Demande refusée : ${reason}`);
    }
    if (archived) {
      request.row.archivedAt = at(received, 20, 40);
      audit(request.row.archivedAt, request.actor, "status", "request", request.id, "Demande archivée");
    }
    const comments = rand.int(0, 3);
    for (let i = 0; i < comments; i++)
      comment(at(received, i * 3 + 1, i * 3 + 3), request.actor, target, rand.pick(PROSPECT_COMMENTS));
    if (!archived && status !== "REFUSE" && rand.chance(0.5)) {
      const date = isoDay(addDays(now, rand.int(-15, 20)));
      request.row.dateRelance = date;
      followUp(ago(rand.int(1, 10)), request.actor, target, date);
    }
    for (const e of group.establishments)
      audit(
        new Date(received.getTime() - 600_000),
        request.actor,
        "create",
        "client",
        e.id,
        `Établissement « ${e.raisonSocial} » créé (FINESS ${e.finess})`,
      );
    setOutcome(group, {}, received);
  }

  /** Numbers every request, quote and contract in date order: one unbroken sequence per series and year. */
  function assignNumbers() {
    const counters = new Map<string, number>();
    for (const item of [...numbered].sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const year = item.at.getUTCFullYear();
      const key = `${item.series}-${year}`;
      if (item.revision) {
        item.assign("");
        continue;
      }
      const n = (counters.get(key) ?? 0) + 1;
      counters.set(key, n);
      item.assign(`${MASKS[item.series]}-${year}-${String(n).padStart(4, "0")}`);
    }
    return counters;
  }

  return { rows, outcomes, client, prospect, assignNumbers, comment };
}
