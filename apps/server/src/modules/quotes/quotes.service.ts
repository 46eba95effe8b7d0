import { formatCurrency, quoteLabel } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { notFound, staleVersion } from "../../lib/errors.js";
import { nextNumber } from "../../lib/numbering.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { ConfigurationService } from "../configuration/index.js";
import { createFromQuote } from "../contracts/index.js";
import type { DocumentLinks, DocumentsService } from "../documents/index.js";
import { requestResource, syncStatus } from "../prospects/index.js";
import { createQuoteDelivery } from "./quote-delivery.js";
import {
  createQuoteReader,
  NOT_FOUND,
  openRequest,
  quoteRecord,
  type SaveInput,
  totalsOf,
  writeLines,
} from "./quote-writes.js";
import { quoteResource } from "./quotes.policy.js";
import * as repo from "./quotes.repository.js";

export interface QuotesServiceDeps {
  db: Database;
  documents: DocumentsService;
  links: DocumentLinks;
  configuration: ConfigurationService;
  clock?: Clock;
  /** Wakes the mail worker once a quote's mail is queued. */
  onMailQueued?: () => void;
}

/** Quotes: numbered, written, sent with their PDF, accepted (the contract is prepared) or refused, new versions. */
export function createQuotesService(deps: QuotesServiceDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const reader = createQuoteReader({ ...deps, clock });
  const { details, get, write } = reader;

  return {
    ...createQuoteDelivery({ ...deps, clock }, reader),
    get,

    /** A request's quotes: load the request → 404 → authorize → its quotes, read together. */
    async listForRequest(actor: Actor, requestId: string) {
      const request = await repo.findRequest(db, requestId);
      if (!request) throw notFound(requestResource.notFound);
      authorize(actor, "read", requestResource, request);
      return details(actor, await repo.quotesOfRequest(db, requestId));
    },

    async create(actor: Actor, requestId: string, input: SaveInput, logId?: string) {
      const totals = totalsOf(input);
      const id = await db.transaction(async (tx) => {
        const request = await openRequest(tx, requestId);
        authorize(actor, "createQuote", requestResource, request);
        const number = await nextNumber(tx, "QUOTE");
        const created = await repo.insertQuote(tx, {
          ...input,
          requestId,
          number,
          totalHT: totals.totalHT,
          totalVAT: totals.totalVAT,
          totalTTC: totals.totalTTC,
          createdBy: actor.userId,
        });
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
      return get(actor, id);
    },

    async update(actor: Actor, id: string, input: SaveInput, version: number, logId?: string) {
      await versionedUpdate({
        ...write(actor, id, "update", logId),
        version,
        apply: async (tx, quote) => {
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
          };
        },
      });
      return get(actor, id);
    },

    async accept(actor: Actor, id: string, version: number, logId?: string) {
      await versionedUpdate({
        ...write(actor, id, "accept", logId),
        version,
        apply: async (tx, quote) => {
          const request = await openRequest(tx, quote.requestId);
          await repo.supersedeOtherLiveQuotes(tx, quote.requestId, id);
          await createFromQuote(tx, actor, request, { ...quote, status: "ACCEPTED" }, logId);
          return {
            values: { status: "ACCEPTED", decidedAt: clock.now() },
            summary: `Devis ${quoteLabel(quote)} accepté par le client`,
            action: "status",
          };
        },
      });
      return get(actor, id);
    },

    async refuse(actor: Actor, id: string, input: { reason: string; version: number }, logId?: string) {
      await versionedUpdate({
        ...write(actor, id, "refuse", logId),
        version: input.version,
        apply: (_tx, quote) => ({
          values: { status: "REFUSED", decidedAt: clock.now(), refusalReason: input.reason },
          summary: `Devis ${quoteLabel(quote)} refusé : ${input.reason}`,
          action: "status",
        }),
      });
      return get(actor, id);
    },

    /** A new version keeps the number: the previous one is superseded, its lines copied into a draft. */
    async newVersion(actor: Actor, id: string, version: number, logId?: string) {
      const newId = await db.transaction(async (tx) => {
        const quote = await repo.findQuote(tx, id);
        if (!quote) throw notFound(NOT_FOUND);
        if (quote.version !== version) throw staleVersion();
        authorize(actor, "newVersion", quoteResource, await quoteRecord(tx, quote));
        const top = await repo.topRevision(tx, quote.number);
        const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...copy } = quote;
        const created = await repo.insertQuote(tx, {
          ...copy,
          revision: (top ?? quote.revision) + 1,
          status: "DRAFT",
          documentId: null,
          sentAt: null,
          decidedAt: null,
          refusalReason: null,
          createdBy: actor.userId,
        });
        const lines = await repo.linesOf(tx, [id]);
        await repo.replaceLines(
          tx,
          created.id,
          lines.map(({ id: _l, quoteId: _q, ...l }) => l),
        );
        if (quote.status !== "REFUSED") await repo.supersede(tx, id);
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
      return get(actor, newId);
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
