import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contracts,
  documents,
  legalEntities,
  quoteLines,
  quotes,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";

export async function findQuote(db: Executor, id: string) {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
  return quote ?? null;
}

export const linesOf = (db: Executor, quoteIds: string[]) =>
  quoteIds.length
    ? db.select().from(quoteLines).where(inArray(quoteLines.quoteId, quoteIds)).orderBy(asc(quoteLines.position))
    : Promise.resolve([]);

export const quotesOfRequest = (db: Executor, requestId: string) =>
  db
    .select()
    .from(quotes)
    .where(eq(quotes.requestId, requestId))
    .orderBy(desc(quotes.createdAt), desc(quotes.revision));

export const contractsOfQuotes = (db: Executor, quoteIds: string[]) =>
  quoteIds.length
    ? db
        .select({ id: contracts.id, quoteId: contracts.quoteId })
        .from(contracts)
        .where(inArray(contracts.quoteId, quoteIds))
    : Promise.resolve([]);

/** Everything a quote's PDF and mail need: the request, its legal entity, establishments and contact. */
export async function quoteContext(db: Executor, requestId: string) {
  const [request] = await db.select().from(requestClients).where(eq(requestClients.id, requestId));
  if (!request) return null;
  const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, request.legalEntityId));
  const establishments = await db
    .select()
    .from(requestEstablishments)
    .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
    .where(eq(requestEstablishments.requestId, requestId))
    .orderBy(asc(clients.raisonSocial));
  const [contact] = request.contactId ? await db.select().from(contacts).where(eq(contacts.id, request.contactId)) : [];
  return {
    request,
    entity: entity ?? null,
    establishments: establishments.map((e) => e.clients),
    contact: contact ?? null,
  };
}
export type QuoteContext = NonNullable<Awaited<ReturnType<typeof quoteContext>>>;

export async function findRequest(db: Executor, id: string) {
  const [request] = await db.select().from(requestClients).where(eq(requestClients.id, id));
  return request;
}

export async function reviewOf(db: Executor, requestId: string) {
  const [review] = await db.select().from(recevabilityReviews).where(eq(recevabilityReviews.requestId, requestId));
  return review;
}

export const documentNames = (db: Executor, ids: string[]) =>
  ids.length
    ? db.select({ id: documents.id, name: documents.name }).from(documents).where(inArray(documents.id, ids))
    : Promise.resolve([]);

export async function insertQuote(db: Executor, values: typeof quotes.$inferInsert) {
  const [created] = await db.insert(quotes).values(values).returning();
  if (!created) throw new Error("quote not created");
  return created;
}

/** Replaces a quote's lines. */
export async function replaceLines(
  tx: Executor,
  quoteId: string,
  lines: Array<Omit<typeof quoteLines.$inferInsert, "quoteId">>,
) {
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  if (lines.length) await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId })));
}

/** The request's other live quotes give way to the accepted one. */
export async function supersedeOtherLiveQuotes(tx: Executor, requestId: string, keptId: string) {
  await tx
    .update(quotes)
    .set({ status: "SUPERSEDED", version: sql`${quotes.version} + 1` })
    .where(
      and(eq(quotes.requestId, requestId), inArray(quotes.status, ["DRAFT", "SENT"]), sql`${quotes.id} <> ${keptId}`),
    );
}

export async function supersede(tx: Executor, id: string) {
  await tx
    .update(quotes)
    .set({ status: "SUPERSEDED", version: sql`${quotes.version} + 1` })
    .where(eq(quotes.id, id));
}

export async function topRevision(tx: Executor, number: string) {
  const [top] = await tx
    .select({ n: max(quotes.revision) })
    .from(quotes)
    .where(eq(quotes.number, number));
  return top?.n ?? null;
}

/** A request refused: its open quotes are refused with it (the prospects module's cascade). */
export async function refuseOpenQuotes(tx: Executor, input: { requestId: string; reason: string; now: Date }) {
  await tx
    .update(quotes)
    .set({ status: "REFUSED", refusalReason: input.reason, decidedAt: input.now, version: sql`${quotes.version} + 1` })
    .where(and(eq(quotes.requestId, input.requestId), inArray(quotes.status, ["DRAFT", "SENT"])));
}
