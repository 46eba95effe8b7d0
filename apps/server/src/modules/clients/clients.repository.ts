import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contractEstablishments,
  contracts,
  gestionnaires,
  legalEntities,
  requestClients,
  requestEstablishments,
} from "../../db/schema/index.js";

export type ClientEntity = typeof clients.$inferSelect;

export async function findClient(db: Executor, id: string) {
  const [client] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return client;
}

export async function findLegalEntity(db: Executor, id: string | null) {
  if (!id) return undefined;
  const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, id));
  return entity;
}

export async function gestionnaireSummary(db: Executor, id: string | null) {
  if (!id) return undefined;
  const [gestionnaire] = await db
    .select({ id: gestionnaires.id, raisonSocial: gestionnaires.raisonSocial })
    .from(gestionnaires)
    .where(eq(gestionnaires.id, id));
  return gestionnaire;
}

/** The other establishments of the same legal entity. */
export const siblingsOf = (db: Executor, legalEntityId: string, clientId: string) =>
  db
    .select({ id: clients.id, raisonSocial: clients.raisonSocial, city: clients.city })
    .from(clients)
    .where(and(eq(clients.legalEntityId, legalEntityId), sql`${clients.id} <> ${clientId}`))
    .orderBy(asc(clients.raisonSocial));

/** The establishment's contacts and its legal entity's, main contact first. */
export const contactsOf = (db: Executor, clientId: string, legalEntityId: string | null) =>
  db
    .select()
    .from(contacts)
    .where(
      legalEntityId
        ? or(eq(contacts.clientId, clientId), eq(contacts.legalEntityId, legalEntityId))
        : eq(contacts.clientId, clientId),
    )
    .orderBy(desc(contacts.isMain), asc(contacts.lastName));

export const contractsOfClient = (db: Executor, clientId: string) =>
  db
    .select({ id: contracts.id, number: contracts.number, status: contracts.status })
    .from(contracts)
    .innerJoin(contractEstablishments, eq(contractEstablishments.contractId, contracts.id))
    .where(eq(contractEstablishments.clientId, clientId))
    .orderBy(desc(contracts.createdAt));

export const requestsOfClient = (db: Executor, clientId: string) =>
  db
    .select({ id: requestClients.id, reference: requestClients.reference, status: requestClients.status })
    .from(requestClients)
    .innerJoin(requestEstablishments, eq(requestEstablishments.requestId, requestClients.id))
    .where(eq(requestEstablishments.clientId, clientId))
    .orderBy(desc(requestClients.createdAt));

/** Adds a contact to an establishment; a main contact replaces the previous one. */
export async function insertContact(
  tx: Executor,
  clientId: string,
  values: Omit<typeof contacts.$inferInsert, "clientId" | "isMain">,
  wantsMain: boolean,
) {
  const [main] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true)));
  const isMain = wantsMain || !main;
  if (isMain && main) await tx.update(contacts).set({ isMain: false }).where(eq(contacts.id, main.id));
  const [created] = await tx
    .insert(contacts)
    .values({ ...values, clientId, isMain })
    .returning();
  return created;
}

/** Makes `contactId` the only main contact of its establishment (the unique index allows one). */
export async function makeMainContact(tx: Executor, clientId: string, contactId: string) {
  await tx
    .update(contacts)
    .set({ isMain: false })
    .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true), ne(contacts.id, contactId)));
}
