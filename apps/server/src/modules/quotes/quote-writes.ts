import {
  computeQuoteTotals,
  type QuoteDetail,
  type QuoteStatus,
  quoteLabel,
  type saveQuoteBodySchema,
} from "@certidesk/shared";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { quotes } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { conflict, notFound } from "../../lib/errors.js";
import { abilities, authorize } from "../../lib/policy.js";
import type { DocumentLinks } from "../documents/index.js";
import { syncStatus } from "../prospects/index.js";
import { type QuoteRecord, quoteResource } from "./quotes.policy.js";
import * as repo from "./quotes.repository.js";

export type SaveInput = z.output<typeof saveQuoteBodySchema>;
export type Quote = typeof quotes.$inferSelect;
export const NOT_FOUND = quoteResource.notFound;
export type QuoteAction = (typeof quoteResource.actions)[number];

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

/**
 * Why a request takes no quote changes, or null: a quote is written for a live request (not signed,
 * refused or archived), and for a certification once it is recevable.
 */
async function requestBlock(tx: Executor, request: RequestRow): Promise<string | null> {
  if (request.status === "SIGNED") return "Cette demande a abouti à un contrat signé : ses devis ne changent plus.";
  if (request.status === "REFUSE" || request.archivedAt)
    return "Cette demande est refusée ou archivée : repassez-la en prospect pour reprendre ses devis.";
  if (request.service === "CERTIFICATION" && (await repo.reviewOf(tx, request.id))?.decision !== "RECEVABLE")
    return "La demande de certification doit être déclarée recevable avant d'établir un devis.";
  return null;
}

/** The request of a new or changed quote: 404 if it is gone, 409 if it takes no quote changes. */
export async function openRequest(tx: Executor, requestId: string) {
  const request = await repo.findRequest(tx, requestId);
  if (!request) throw notFound("Demande introuvable.");
  const block = await requestBlock(tx, request);
  if (block) throw conflict(block);
  return request;
}

/** What the quote policy looks at: the quote's status and its request's state. */
export async function quoteRecord(tx: Executor, quote: Quote): Promise<QuoteRecord> {
  const request = await repo.findRequest(tx, quote.requestId);
  return { status: quote.status, requestBlock: request ? await requestBlock(tx, request) : null };
}

export function totalsOf(input: SaveInput) {
  return computeQuoteTotals(input.lines, input.vatRate, input.travelExpenseMode, input.travelExpenseAmount);
}

export async function writeLines(tx: Executor, quoteId: string, input: SaveInput, totals: number[]) {
  await repo.replaceLines(
    tx,
    quoteId,
    input.lines.map((l, i) => ({ ...l, position: i + 1, total: totals[i] ?? 0 })),
  );
}

/** Reads quotes as the screens show them: lines, PDF link, the contract they led to. */
export function createQuoteReader({ db, links, clock }: { db: Database; links: DocumentLinks; clock: Clock }) {
  async function details(actor: Actor, list: Quote[]): Promise<QuoteDetail[]> {
    const ids = list.map((q) => q.id);
    const [lines, contractRows] = await Promise.all([repo.linesOf(db, ids), repo.contractsOfQuotes(db, ids)]);
    const docIds = list.flatMap((q) => (q.documentId ? [q.documentId] : []));
    const docRows = await repo.documentNames(db, docIds);
    // The quotes shown together share their request: its state is read once per request.
    const blocks = new Map<string, string | null>();
    for (const q of list) {
      if (!blocks.has(q.requestId)) blocks.set(q.requestId, (await quoteRecord(db, q)).requestBlock);
    }
    return list.map((q) => {
      const doc = docRows.find((d) => d.id === q.documentId);
      return {
        id: q.id,
        requestId: q.requestId,
        number: q.number,
        revision: q.revision,
        label: quoteLabel(q),
        status: q.status as QuoteStatus,
        vatRate: q.vatRate,
        travelExpenseMode: q.travelExpenseMode,
        travelExpenseAmount: q.travelExpenseAmount,
        totalHT: q.totalHT,
        totalVAT: q.totalVAT,
        totalTTC: q.totalTTC,
        validUntil: q.validUntil,
        notes: q.notes,
        lines: lines
          .filter((l) => l.quoteId === q.id)
          .map((l) => ({
            id: l.id,
            service: l.service,
            days: l.days,
            unitPrice: l.unitPrice,
            quantity: l.quantity,
            total: l.total,
          })),
        document: doc ? { ...doc, url: links.url(doc.id, "view") } : null,
        sentAt: q.sentAt?.toISOString() ?? null,
        decidedAt: q.decidedAt?.toISOString() ?? null,
        refusalReason: q.refusalReason,
        contractId: contractRows.find((c) => c.quoteId === q.id)?.id ?? null,
        createdAt: q.createdAt.toISOString(),
        version: q.version,
        abilities: abilities(actor, quoteResource, { status: q.status, requestBlock: blocks.get(q.requestId) ?? null }),
      };
    });
  }

  /** load → 404 → authorize: the start of every method on one quote. */
  async function load(actor: Actor, id: string, action: QuoteAction) {
    const quote = await repo.findQuote(db, id);
    if (!quote) throw notFound(NOT_FOUND);
    authorize(actor, action, quoteResource, await quoteRecord(db, quote));
    return quote;
  }

  async function get(actor: Actor, id: string) {
    const [detail] = await details(actor, [await load(actor, id, "read")]);
    if (!detail) throw notFound(NOT_FOUND);
    return detail;
  }

  /** The common options of a quote write through versionedUpdate; the request's step follows the quote's. */
  function write(actor: Actor, id: string, action: QuoteAction, logId?: string) {
    return {
      db,
      clock,
      table: quotes,
      id,
      actor,
      requestId: logId,
      entityType: "quote",
      authorize: { resource: quoteResource, action, record: quoteRecord },
      after: (tx: Executor, saved: Quote) => syncStatus(tx, saved.requestId),
    };
  }

  return { details, load, get, write };
}
export type QuoteReader = ReturnType<typeof createQuoteReader>;
