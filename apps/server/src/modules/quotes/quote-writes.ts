import {
  computeQuoteTotals,
  type QuoteDetail,
  type QuoteStatus,
  quoteLabel,
  type saveQuoteBodySchema,
} from "@certidesk/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { documents, quoteLines, quotes, recevabilityReviews, requestClients } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { conflict, notFound, staleVersion } from "../../lib/errors.js";
import type { DocumentLinks } from "../documents/document-links.js";
import { syncStatus } from "../prospects/index.js";
import * as repo from "./quotes.repository.js";

export type SaveInput = z.output<typeof saveQuoteBodySchema>;
export type Quote = typeof quotes.$inferSelect;
export const NOT_FOUND = "Devis introuvable.";

/** A quote is written for a live request: not signed, refused or archived; a certification once recevable. */
export async function openRequest(tx: Executor, requestId: string) {
  const [request] = await tx.select().from(requestClients).where(eq(requestClients.id, requestId));
  if (!request) throw notFound("Demande introuvable.");
  if (request.status === "SIGNED")
    throw conflict("Cette demande a abouti à un contrat signé : ses devis ne changent plus.");
  if (request.status === "REFUSE" || request.archivedAt)
    throw conflict("Cette demande est refusée ou archivée : repassez-la en prospect pour reprendre ses devis.");
  if (request.service === "CERTIFICATION") {
    const [review] = await tx.select().from(recevabilityReviews).where(eq(recevabilityReviews.requestId, requestId));
    if (review?.decision !== "RECEVABLE")
      throw conflict("La demande de certification doit être déclarée recevable avant d'établir un devis.");
  }
  return request;
}

export function totalsOf(input: SaveInput) {
  return computeQuoteTotals(input.lines, input.vatRate, input.travelExpenseMode, input.travelExpenseAmount);
}

export async function writeLines(tx: Executor, quoteId: string, input: SaveInput, totals: number[]) {
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  await tx
    .insert(quoteLines)
    .values(input.lines.map((l, i) => ({ ...l, quoteId, position: i + 1, total: totals[i] ?? 0 })));
}

/** Reads quotes as the screens show them: lines, PDF link, the contract they led to. */
export function createQuoteReader({ db, links }: { db: Database; links: DocumentLinks }) {
  async function details(list: Quote[]): Promise<QuoteDetail[]> {
    const ids = list.map((q) => q.id);
    const [lines, contractRows] = await Promise.all([repo.linesOf(db, ids), repo.contractsOfQuotes(db, ids)]);
    const docIds = list.flatMap((q) => (q.documentId ? [q.documentId] : []));
    const docRows = docIds.length
      ? await db.select({ id: documents.id, name: documents.name }).from(documents).where(inArray(documents.id, docIds))
      : [];
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
      };
    });
  }

  async function get(id: string) {
    const quote = await repo.findQuote(db, id);
    if (!quote) throw notFound(NOT_FOUND);
    const [detail] = await details([quote]);
    if (!detail) throw notFound(NOT_FOUND);
    return detail;
  }

  /** Updates a quote at the version the caller read, then keeps its request's step in line. */
  async function transition(
    actor: Actor,
    id: string,
    version: number,
    apply: (tx: Executor, quote: Quote) => Promise<{ values: Partial<Quote>; summary: string; action?: string }>,
    requestId?: string,
  ) {
    await db.transaction(async (tx) => {
      const quote = await repo.findQuote(tx, id);
      if (!quote) throw notFound(NOT_FOUND);
      if (quote.version !== version) throw staleVersion();
      const { values, summary, action = "status" } = await apply(tx, quote);
      const [saved] = await tx
        .update(quotes)
        .set({ ...values, version: sql`${quotes.version} + 1`, updatedAt: new Date() })
        .where(and(eq(quotes.id, id), eq(quotes.version, version)))
        .returning({ id: quotes.id });
      if (!saved) throw staleVersion();
      await syncStatus(tx, quote.requestId);
      await writeAudit(tx, actor, { action, entityType: "quote", entityId: id, summary }, requestId);
    });
    return get(id);
  }

  return { details, get, transition };
}
export type QuoteReader = ReturnType<typeof createQuoteReader>;
