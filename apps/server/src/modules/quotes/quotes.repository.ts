import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contracts,
  legalEntities,
  quoteLines,
  quotes,
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
