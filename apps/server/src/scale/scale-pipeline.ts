import { computeQuoteTotals, type RequestStatus } from "@certidesk/shared";
import type {
  contractDays,
  contractEstablishments,
  contracts,
  quoteLines,
  quotes,
  requestClients,
  requestEstablishments,
} from "../db/schema/index.js";
import type { Random } from "../demo/demo-random.js";
import { PROSPECT_COMMENTS, REFUSAL_REASONS } from "../demo/demo-texts.js";
import type { IsoDate } from "../lib/clock.js";
import type { ClientInsert, EntityInsert } from "./scale-parties.js";
import { at, dayOf, plusDays, seededUuid, weekday } from "./scale-tools.js";

/** How a request ended up: its status, and the quote and contract it has (request-status.ts). */
type Outcome =
  | "SIGNED"
  | "CONTRACT_SENT"
  | "CONTRACT_DRAFT"
  | "QUOTE_ACCEPTED"
  | "QUOTE_SENT"
  | "QUOTE_DRAFT"
  | "QUOTE_REFUSED"
  | "NEW"
  | "REFUSED";

export interface PipelineVolumes {
  requests: number;
  quotes: number;
  contracts: number;
}

/** One establishment of a signed contract: the mission, its days and its invoices come from it. */
export interface SignedLink {
  contractId: string;
  contractNumber: () => string;
  clientId: string;
  service: string;
  signatureDate: IsoDate;
  days: IsoDate[];
  priceCents: number;
  vatRate: number;
}

const OPEN: Outcome[] = ["CONTRACT_SENT", "CONTRACT_DRAFT", "QUOTE_ACCEPTED", "QUOTE_SENT", "QUOTE_DRAFT", "NEW"];
const STATUS: Record<Outcome, RequestStatus> = {
  SIGNED: "SIGNED",
  CONTRACT_SENT: "CONTRACT_SENT",
  CONTRACT_DRAFT: "QUOTE_ACCEPTED",
  QUOTE_ACCEPTED: "QUOTE_ACCEPTED",
  QUOTE_SENT: "QUOTE_SENT",
  QUOTE_DRAFT: "QUOTE_DRAFT",
  QUOTE_REFUSED: "REFUSE",
  NEW: "NEW",
  REFUSED: "REFUSE",
};

/** The outcomes in the proportions: 12,000 contracts (most signed) out of 25,000 quotes. */
function outcomes(v: PipelineVolumes, rand: Random): Outcome[] {
  const open = Math.round(v.contracts * 0.08);
  const withContract: Outcome[] = [
    ...Array<Outcome>(v.contracts - 2 * open).fill("SIGNED"),
    ...Array<Outcome>(open).fill("CONTRACT_SENT"),
    ...Array<Outcome>(open).fill("CONTRACT_DRAFT"),
  ];
  const others = Math.max(0, v.quotes - v.contracts);
  const quoteOnly: Outcome[] = Array.from({ length: others }, (_, i) =>
    i % 13 < 4 ? "QUOTE_SENT" : i % 13 < 6 ? "QUOTE_DRAFT" : i % 13 < 7 ? "QUOTE_ACCEPTED" : "QUOTE_REFUSED",
  );
  const rest = Math.max(0, v.requests - withContract.length - quoteOnly.length);
  const bare: Outcome[] = Array.from({ length: rest }, (_, i) => (i % 5 < 3 ? "NEW" : "REFUSED"));
  const all = [...withContract, ...quoteOnly, ...bare];
  for (let i = all.length - 1; i > 0; i--) {
    const j = rand.int(0, i);
    [all[i], all[j]] = [all[j] as Outcome, all[i] as Outcome];
  }
  return all;
}

type Numbered<T> = T & { number?: string; dateKey: IsoDate };

/**
 * Requests, their quotes and contracts over `years` (oldest first): the decided ones (signed, refused)
 * in any year, the ones still open in the last three. Each legal entity signs at most one contract a
 * day, so "the latest signed contract" of an establishment is never a tie. Numbers are given later,
 * in date order per year (numberRows).
 */
export function planPipeline(
  rand: Random,
  v: PipelineVolumes,
  years: number[],
  parties: { entityRows: EntityInsert[]; clientRows: ClientInsert[]; mainContact: Map<string, string> },
) {
  const byEntity = new Map<string, ClientInsert[]>();
  for (const c of parties.clientRows) byEntity.set(c.legalEntityId, [...(byEntity.get(c.legalEntityId) ?? []), c]);
  const entities = parties.entityRows.filter((e) => byEntity.has(e.id));
  const signedDays = new Map<string, Set<IsoDate>>();
  const requests: Numbered<typeof requestClients.$inferInsert & { id: string }>[] = [];
  const requestLinks: (typeof requestEstablishments.$inferInsert)[] = [];
  const quoteRows: Numbered<typeof quotes.$inferInsert & { id: string }>[] = [];
  const lineRows: (typeof quoteLines.$inferInsert)[] = [];
  const contractRows: Numbered<typeof contracts.$inferInsert & { id: string }>[] = [];
  const links: (typeof contractEstablishments.$inferInsert)[] = [];
  const days: (typeof contractDays.$inferInsert)[] = [];
  const signed: SignedLink[] = [];

  for (const [n, outcome] of outcomes(v, rand).entries()) {
    const entity = entities[n % entities.length] as EntityInsert;
    const own = byEntity.get(entity.id) ?? [];
    const covered = own.length === 1 || rand.chance(0.95) ? own : own.filter(() => rand.chance(0.5));
    const establishments = covered.length ? covered : own.slice(0, 1);
    const recent = OPEN.includes(outcome);
    const year = recent ? (years.at(-1 - rand.int(0, 2)) as number) : rand.pick(years);
    const received = weekday(dayOf(year, rand.int(0, 80)));
    const service = rand.chance(0.9) ? "ESSMS_EVALUATION" : "CERTIFICATION";
    const requestId = seededUuid(rand);
    requests.push({
      id: requestId,
      reference: "",
      dateKey: received,
      legalEntityId: entity.id,
      contactId: parties.mainContact.get((establishments[0] as ClientInsert).id) ?? null,
      service,
      source: rand.pick(["DIRECT", "APPEL_OFFRE", "SITE_WEB", "RECOMMANDATION", "RENOUVELLEMENT"]),
      status: STATUS[outcome],
      receivedAt: received,
      notes: rand.chance(0.3) ? rand.pick(PROSPECT_COMMENTS) : null,
      refusalReason: STATUS[outcome] === "REFUSE" ? rand.pick(REFUSAL_REASONS) : null,
      createdAt: at(received, 9),
      updatedAt: at(received, 9),
    });
    for (const c of establishments) requestLinks.push({ requestId, clientId: c.id });
    if (outcome === "NEW" || outcome === "REFUSED") continue;

    const vatRate = (entity.postalCode ?? "").startsWith("97") ? 0.085 : 0.2;
    const unitPrice = rand.pick([1150, 1250, 1350]);
    const dayCount = rand.pick([2, 2.5, 3]);
    const lines = [{ days: dayCount, quantity: establishments.length, unitPrice }];
    const totals = computeQuoteTotals(lines, vatRate, 2, null);
    const quoteDay = plusDays(received, 10);
    const quoteStatus =
      outcome === "QUOTE_SENT"
        ? "SENT"
        : outcome === "QUOTE_DRAFT"
          ? "DRAFT"
          : outcome === "QUOTE_REFUSED"
            ? "REFUSED"
            : "ACCEPTED";
    const quoteId = seededUuid(rand);
    quoteRows.push({
      id: quoteId,
      requestId,
      number: "",
      dateKey: quoteDay,
      status: quoteStatus,
      vatRate,
      travelExpenseMode: 2,
      totalHT: totals.totalHT,
      totalVAT: totals.totalVAT,
      totalTTC: totals.totalTTC,
      validUntil: plusDays(quoteDay, 90),
      sentAt: quoteStatus === "DRAFT" ? null : at(plusDays(quoteDay, 2)),
      decidedAt: ["ACCEPTED", "REFUSED"].includes(quoteStatus) ? at(plusDays(quoteDay, 20)) : null,
      refusalReason: quoteStatus === "REFUSED" ? rand.pick(REFUSAL_REASONS) : null,
      createdAt: at(quoteDay),
      updatedAt: at(quoteDay),
    });
    lineRows.push({
      quoteId,
      position: 1,
      service: service === "ESSMS_EVALUATION" ? "Évaluation externe (jours d'évaluateur)" : "Audit de certification",
      days: dayCount,
      unitPrice,
      quantity: establishments.length,
      total: totals.lines[0] ?? 0,
    });
    if (!outcome.startsWith("CONTRACT") && outcome !== "SIGNED") continue;

    const contractId = seededUuid(rand);
    const created = plusDays(received, 35);
    let signature = weekday(plusDays(received, 50));
    const taken = signedDays.get(entity.id) ?? new Set<IsoDate>();
    while (taken.has(signature)) signature = weekday(plusDays(signature, 1));
    const isSigned = outcome === "SIGNED";
    if (isSigned) taken.add(signature);
    signedDays.set(entity.id, taken);
    const contract: Numbered<typeof contracts.$inferInsert & { id: string }> = {
      id: contractId,
      requestId,
      quoteId,
      number: "",
      dateKey: created,
      status: isSigned ? "SIGNED" : outcome === "CONTRACT_SENT" ? "SENT" : "DRAFT",
      signatureDate: isSigned ? signature : null,
      amountHT: totals.totalHT,
      vatRate,
      amountVAT: totals.totalVAT,
      amountTTC: totals.totalTTC,
      travelExpenseMode: 2,
      depositPercent: 30,
      sentAt: outcome === "CONTRACT_DRAFT" ? null : at(plusDays(created, 2)),
      createdAt: at(created),
      updatedAt: at(isSigned ? signature : created),
    };
    contractRows.push(contract);
    const grouped = establishments.length > 1;
    let visit = weekday(plusDays(signature, rand.int(30, 90)));
    for (const [k, c] of establishments.entries()) {
      links.push({ contractId, clientId: c.id, regroupingStatus: grouped ? (k % 3) + 1 : null });
      if (!isSigned) continue;
      const own: IsoDate[] = [visit];
      if (dayCount > 2) own.push(weekday(plusDays(visit, 1)));
      for (const [position, day] of own.entries())
        days.push({ contractId, clientId: c.id, day, timeSlotId: 1, dayFraction: 1, position });
      signed.push({
        contractId,
        contractNumber: () => contract.number ?? "",
        clientId: c.id,
        service,
        signatureDate: signature,
        days: own,
        priceCents: Math.round(dayCount * unitPrice * 100),
        vatRate,
      });
      visit = weekday(plusDays(own.at(-1) as IsoDate, 1));
    }
  }
  applyEvaluations(parties.clientRows, signed, links);
  return { requests, requestLinks, quoteRows, lineRows, contractRows, links, days, signed };
}

/**
 * What signing and programming write on the establishment (contract-rules.ts, syncEstablishments):
 * client since its first signature; evaluation date, regrouping status from its latest signed contract.
 */
function applyEvaluations(
  clientRows: ClientInsert[],
  signed: SignedLink[],
  links: (typeof contractEstablishments.$inferInsert)[],
) {
  const latest = new Map<string, SignedLink>();
  const first = new Map<string, IsoDate>();
  for (const s of [...signed].sort((a, b) => a.signatureDate.localeCompare(b.signatureDate))) {
    latest.set(s.clientId, s);
    if (!first.has(s.clientId)) first.set(s.clientId, s.signatureDate);
  }
  const linkOf = new Map(links.map((l) => [`${l.contractId} ${l.clientId}`, l]));
  const count = new Map<string, number>();
  for (const l of links) count.set(l.contractId, (count.get(l.contractId) ?? 0) + 1);
  for (const c of clientRows) {
    const s = latest.get(c.id);
    if (!s) continue;
    c.clientSince = at(first.get(c.id) as IsoDate, 16);
    c.evaluationDate = [...s.days].sort()[0] ?? null;
    c.regroupingStatus =
      (count.get(s.contractId) ?? 0) > 1 ? (linkOf.get(`${s.contractId} ${c.id}`)?.regroupingStatus ?? null) : null;
  }
}
