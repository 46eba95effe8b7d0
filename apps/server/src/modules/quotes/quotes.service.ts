import { formatCurrency, quoteLabel } from "@certidesk/shared";
import { and, eq, inArray, max, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { quoteLines, quotes } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { conflict, notFound, staleVersion } from "../../lib/errors.js";
import { nextNumber } from "../../lib/numbering.js";
import type { ConfigurationService } from "../configuration/configuration.service.js";
import { createFromQuote } from "../contracts/index.js";
import type { DocumentLinks } from "../documents/document-links.js";
import type { DocumentsService } from "../documents/documents.service.js";
import { syncStatus } from "../prospects/index.js";
import { createQuoteDelivery } from "./quote-delivery.js";
import { createQuoteReader, NOT_FOUND, openRequest, type SaveInput, totalsOf, writeLines } from "./quote-writes.js";
import * as repo from "./quotes.repository.js";

export interface QuotesServiceDeps {
  db: Database;
  documents: DocumentsService;
  links: DocumentLinks;
  configuration: ConfigurationService;
  /** Wakes the mail worker once a quote's mail is queued. */
  onMailQueued?: () => void;
}

/** Quotes: numbered, written, sent with their PDF, accepted (the contract is prepared) or refused, new versions. */
export function createQuotesService(deps: QuotesServiceDeps) {
  const { db } = deps;
  const reader = createQuoteReader(deps);
  const { details, get, transition } = reader;

  return {
    ...createQuoteDelivery(deps, reader),
    get,
    listForRequest: async (requestId: string) => details(await repo.quotesOfRequest(db, requestId)),

    async create(actor: Actor, requestId: string, input: SaveInput, logId?: string) {
      const totals = totalsOf(input);
      const id = await db.transaction(async (tx) => {
        await openRequest(tx, requestId);
        const number = await nextNumber(tx, "QUOTE");
        const [created] = await tx
          .insert(quotes)
          .values({
            ...input,
            requestId,
            number,
            totalHT: totals.totalHT,
            totalVAT: totals.totalVAT,
            totalTTC: totals.totalTTC,
            createdBy: actor.userId,
          })
          .returning();
        if (!created) throw new Error("quote not created");
        await writeLines(tx, created.id, input, totals.lines);
        await syncStatus(tx, requestId);
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "quote",
            entityId: created.id,
            summary: `Devis ${number} créé — ${formatCurrency(totals.totalTTC)} TTC`,
          },
          logId,
        );
        return created.id;
      });
      return get(id);
    },

    update: (actor: Actor, id: string, input: SaveInput, version: number, logId?: string) =>
      transition(
        actor,
        id,
        version,
        async (tx, quote) => {
          if (quote.status !== "DRAFT")
            throw conflict("Seul un devis en brouillon se modifie : créez une nouvelle version.");
          await openRequest(tx, quote.requestId);
          const totals = totalsOf(input);
          await writeLines(tx, id, input, totals.lines);
          return {
            values: {
              ...input,
              totalHT: totals.totalHT,
              totalVAT: totals.totalVAT,
              totalTTC: totals.totalTTC,
              documentId: null,
            },
            summary: `Devis ${quoteLabel(quote)} modifié — ${formatCurrency(totals.totalTTC)} TTC`,
            action: "update",
          };
        },
        logId,
      ),

    accept: (actor: Actor, id: string, version: number, logId?: string) =>
      transition(
        actor,
        id,
        version,
        async (tx, quote) => {
          if (quote.status !== "SENT") throw conflict("Seul un devis envoyé peut être accepté.");
          const request = await openRequest(tx, quote.requestId);
          await tx
            .update(quotes)
            .set({ status: "SUPERSEDED", version: sql`${quotes.version} + 1` })
            .where(
              and(
                eq(quotes.requestId, quote.requestId),
                inArray(quotes.status, ["DRAFT", "SENT"]),
                sql`${quotes.id} <> ${id}`,
              ),
            );
          await createFromQuote(tx, actor, request, { ...quote, status: "ACCEPTED" }, logId);
          return {
            values: { status: "ACCEPTED", decidedAt: new Date() },
            summary: `Devis ${quoteLabel(quote)} accepté par le client`,
          };
        },
        logId,
      ),

    refuse: (actor: Actor, id: string, input: { reason: string; version: number }, logId?: string) =>
      transition(
        actor,
        id,
        input.version,
        async (_tx, quote) => {
          if (quote.status !== "SENT" && quote.status !== "DRAFT") throw conflict("Ce devis ne peut plus être refusé.");
          return {
            values: { status: "REFUSED", decidedAt: new Date(), refusalReason: input.reason },
            summary: `Devis ${quoteLabel(quote)} refusé : ${input.reason}`,
          };
        },
        logId,
      ),

    /** A new version keeps the number: the previous one is superseded, its lines copied into a draft. */
    async newVersion(actor: Actor, id: string, version: number, logId?: string) {
      const newId = await db.transaction(async (tx) => {
        const quote = await repo.findQuote(tx, id);
        if (!quote) throw notFound(NOT_FOUND);
        if (quote.version !== version) throw staleVersion();
        if (quote.status === "ACCEPTED" || quote.status === "SUPERSEDED")
          throw conflict("Ce devis ne peut plus donner de nouvelle version.");
        await openRequest(tx, quote.requestId);
        const [top] = await tx
          .select({ n: max(quotes.revision) })
          .from(quotes)
          .where(eq(quotes.number, quote.number));
        const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...copy } = quote;
        const [created] = await tx
          .insert(quotes)
          .values({
            ...copy,
            revision: (top?.n ?? quote.revision) + 1,
            status: "DRAFT",
            documentId: null,
            sentAt: null,
            decidedAt: null,
            refusalReason: null,
            createdBy: actor.userId,
          })
          .returning();
        if (!created) throw new Error("quote not copied");
        const lines = await repo.linesOf(tx, [id]);
        await tx
          .insert(quoteLines)
          .values(lines.map(({ id: _l, quoteId: _q, ...l }) => ({ ...l, quoteId: created.id })));
        if (quote.status !== "REFUSED")
          await tx
            .update(quotes)
            .set({ status: "SUPERSEDED", version: sql`${quotes.version} + 1` })
            .where(eq(quotes.id, id));
        await syncStatus(tx, quote.requestId);
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "quote",
            entityId: created.id,
            summary: `Nouvelle version du devis : ${quoteLabel(created)}`,
          },
          logId,
        );
        return created.id;
      });
      return get(newId);
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
