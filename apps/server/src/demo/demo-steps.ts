import {
  computeQuoteTotals,
  departementOf,
  formatCurrency,
  isReducedVatDepartement,
  RECEVABILITY_CHECKLIST,
  type RequestService,
  type RequestSource,
  type RequestStatus,
} from "@certidesk/shared";
import type {
  auditLog,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  mailOutbox,
  quoteLines,
  quotes,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
  timelineEntries,
} from "../db/schema/index.js";
import { createContractSteps } from "./demo-contract-steps.js";
import type { DemoEssms, DemoGroup } from "./demo-parties.js";
import { addDays, isoDay, type Random, uuid, workingDay } from "./demo-random.js";
import { CERTIFICATION_LINES, ESSMS_LINES } from "./demo-texts.js";

export interface DemoActor {
  id: string;
  label: string;
}
export interface DemoStaff {
  sales: DemoActor[];
  coordination: DemoActor[];
  admin: DemoActor;
  direction: DemoActor;
}
export type Numbered = {
  series: "REQUEST" | "QUOTE" | "CONTRACT";
  at: Date;
  assign: (n: string) => void;
  revision?: boolean;
};

const COMPANY = "Certidesk Démo";

export function createRows() {
  return {
    requests: [] as Array<typeof requestClients.$inferInsert>,
    requestEstablishments: [] as Array<typeof requestEstablishments.$inferInsert>,
    reviews: [] as Array<typeof recevabilityReviews.$inferInsert>,
    quotes: [] as Array<typeof quotes.$inferInsert>,
    lines: [] as Array<typeof quoteLines.$inferInsert>,
    contracts: [] as Array<typeof contracts.$inferInsert>,
    contractEstablishments: [] as Array<typeof contractEstablishments.$inferInsert>,
    days: [] as Array<typeof contractDays.$inferInsert>,
    evaluators: [] as Array<typeof contractEvaluators.$inferInsert>,
    timeline: [] as Array<typeof timelineEntries.$inferInsert>,
    mails: [] as Array<typeof mailOutbox.$inferInsert>,
    audit: [] as Array<typeof auditLog.$inferInsert>,
  };
}
export type DemoRows = ReturnType<typeof createRows>;

export interface StepContext {
  rand: Random;
  staff: DemoStaff;
  auditorIds: string[];
  now: Date;
  rows: DemoRows;
  numbered: Numbered[];
}

/** The pipeline's steps as rows: each one writes what the application would, audit entries included. */
export function createSteps({ rand, staff, auditorIds, now, rows, numbered }: StepContext) {
  const ago = (days: number) => addDays(now, -days);
  /** A moment during office hours, some days after `base`. */
  const at = (base: Date, minDays: number, maxDays: number) => {
    const d = workingDay(addDays(base, rand.int(minDays, maxDays)));
    const when = new Date(
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), rand.int(7, 16), rand.int(0, 59)),
    );
    // Nothing in the demo's history happens after "now".
    return when.getTime() < now.getTime() ? when : new Date(now.getTime() - rand.int(1, 20) * 3_600_000);
  };

  const audit = (when: Date, actor: DemoActor, action: string, entityType: string, entityId: string, summary: string) =>
    rows.audit.push({
      occurredAt: when,
      actorId: actor.id,
      actorLabel: actor.label,
      action,
      entityType,
      entityId,
      summary,
    });

  function comment(when: Date, actor: DemoActor, target: { clientId?: string; requestId?: string }, text: string) {
    rows.timeline.push({
      ...target,
      kind: "COMMENT",
      text,
      authorId: actor.id,
      authorLabel: actor.label,
      createdAt: when,
    });
  }
  function followUp(when: Date, actor: DemoActor, target: { clientId?: string; requestId?: string }, date: string) {
    rows.timeline.push({
      ...target,
      kind: "FOLLOW_UP_SET",
      followUpDate: date,
      authorId: actor.id,
      authorLabel: actor.label,
      createdAt: when,
      text: null,
    });
  }

  function mail(
    when: Date,
    actor: DemoActor,
    kind: "QUOTE_SEND" | "CONTRACT_SEND",
    group: DemoGroup,
    related: { type: string; id: string },
    subject: string,
    body: string,
  ) {
    const first = group.establishments[0] as DemoEssms;
    const mailId = uuid();
    rows.mails.push({
      id: mailId,
      templateCode: kind,
      to: [first.contact.email],
      subject,
      body,
      status: "SENT",
      attempts: 1,
      sentAt: when,
      messageId: `<${mailId}@certidesk-demo.fr>`,
      clientId: first.id,
      relatedType: related.type,
      relatedId: related.id,
      createdBy: actor.id,
      createdAt: when,
      updatedAt: when,
      nextAttemptAt: when,
    });
    audit(when, actor, "create", "mail", mailId, `E-mail « ${subject} » à ${first.contact.email}`);
  }

  function newRequest(
    group: DemoGroup,
    service: RequestService,
    source: RequestSource,
    status: RequestStatus,
    received: Date,
  ) {
    const id = uuid();
    const first = group.establishments[0] as DemoEssms;
    const actor = rand.pick(staff.sales);
    const row: typeof requestClients.$inferInsert = {
      id,
      reference: "",
      legalEntityId: group.legalEntity.id,
      contactId: first.contact.id,
      service,
      source,
      status,
      receivedAt: isoDay(received),
      wishedPeriod: rand.pick(["Premier semestre", "Second semestre", "Avant l'été", "Dès que possible", null]),
      createdBy: actor.id,
      createdAt: received,
      updatedAt: received,
    };
    rows.requests.push(row);
    numbered.push({ series: "REQUEST", at: received, assign: (n) => (row.reference = n) });
    for (const e of group.establishments) rows.requestEstablishments.push({ requestId: id, clientId: e.id });
    audit(received, actor, "create", "request", id, `Demande enregistrée pour ${group.legalEntity.raisonSocial}`);
    return { id, row, actor };
  }

  function newQuote(
    requestId: string,
    group: DemoGroup,
    service: RequestService,
    created: Date,
    actor: DemoActor,
    revision = 1,
    number?: { value: string; row?: typeof quotes.$inferInsert },
  ) {
    const n = group.establishments.length;
    const base = service === "CERTIFICATION" ? CERTIFICATION_LINES : ESSMS_LINES;
    const lines = base.map((l) => ({ ...l, quantity: service === "CERTIFICATION" ? 1 : n }));
    const dep = departementOf(group.establishments[0]?.place.postalCode);
    const vatRate = isReducedVatDepartement(dep) ? 0.085 : rand.chance(0.03) ? 0 : 0.2;
    const travelExpenseMode = rand.weighted([
      { v: 1, weight: 4 },
      { v: 2, weight: 2.5 },
      { v: 3, weight: 3.5 },
    ]).v as 1 | 2 | 3;
    const travelExpenseAmount = travelExpenseMode === 3 ? rand.int(5, 18) * 50 : null;
    const totals = computeQuoteTotals(lines, vatRate, travelExpenseMode, travelExpenseAmount);
    const id = uuid();
    const row: typeof quotes.$inferInsert = {
      id,
      requestId,
      number: number?.value ?? "",
      revision,
      status: "DRAFT",
      vatRate,
      travelExpenseMode,
      travelExpenseAmount,
      totalHT: totals.totalHT,
      totalVAT: totals.totalVAT,
      totalTTC: totals.totalTTC,
      validUntil: isoDay(addDays(created, 90)),
      createdBy: actor.id,
      createdAt: created,
      updatedAt: created,
    };
    rows.quotes.push(row);
    for (const [i, l] of lines.entries())
      rows.lines.push({ quoteId: id, position: i + 1, ...l, total: totals.lines[i] ?? 0 });
    if (number?.row) {
      const parent = number.row;
      numbered.push({ series: "QUOTE", at: created, assign: () => (row.number = parent.number), revision: true });
    } else if (!number) numbered.push({ series: "QUOTE", at: created, assign: (n) => (row.number = n) });
    audit(
      created,
      actor,
      "create",
      "quote",
      id,
      `Devis${revision > 1 ? ` (version ${revision})` : ""} créé — ${formatCurrency(totals.totalTTC)} TTC`,
    );
    return { id, row, totals };
  }

  function sendQuote(
    quote: { id: string; row: typeof quotes.$inferInsert },
    group: DemoGroup,
    when: Date,
    actor: DemoActor,
  ) {
    quote.row.status = "SENT";
    quote.row.sentAt = when;
    const first = group.establishments[0] as DemoEssms;
    audit(when, actor, "status", "quote", quote.id, "Devis envoyé au client");
    const total = formatCurrency(quote.row.totalTTC);
    mail(
      when,
      actor,
      "QUOTE_SEND",
      group,
      { type: "quote", id: quote.id },
      `${COMPANY} — Devis pour l'évaluation externe de ${first.raisonSocial}`,
      `Bonjour ${first.contact.firstName} ${first.contact.lastName},\n\nSuite à votre demande, vous trouverez ci-joint notre devis pour l'évaluation externe de ${first.raisonSocial}, d'un montant de ${total} TTC.\n\nBien cordialement,\n${actor.label}\n${COMPANY}`,
    );
  }

  function review(requestId: string, decision: "PENDING" | "RECEVABLE" | "NON_RECEVABLE", when: Date) {
    const done = decision === "PENDING" ? rand.int(1, 4) : RECEVABILITY_CHECKLIST.length;
    rows.reviews.push({
      requestId,
      checklist: RECEVABILITY_CHECKLIST.map((item, i) => ({
        ...item,
        checked: decision === "NON_RECEVABLE" ? i < 3 : i < done,
      })),
      decision,
      reason:
        decision === "NON_RECEVABLE"
          ? "Périmètre hors du champ de notre accréditation."
          : decision === "RECEVABLE"
            ? "Dossier complet."
            : null,
      decidedAt: decision === "PENDING" ? null : when,
      decidedBy: decision === "PENDING" ? null : staff.direction.label,
      createdAt: when,
      updatedAt: when,
    });
  }

  const contractSteps = createContractSteps({ rand, staff, auditorIds, now, rows, numbered }, { audit, mail });
  return { ago, at, audit, comment, followUp, newRequest, newQuote, sendQuote, review, ...contractSteps };
}
