import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import {
  auditors,
  clients,
  contacts,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  documents,
  legalEntities,
  quotes,
  requestClients,
} from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { notFound, staleVersion } from "../../lib/errors.js";

export type Contract = typeof contracts.$inferSelect;
export const CONTRACT_NOT_FOUND = "Contrat introuvable.";

/** A contract with everything its tabs, its PDF and its mail need. */
export async function loadContract(db: Executor, id: string) {
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!contract) return null;
  const [request] = await db.select().from(requestClients).where(eq(requestClients.id, contract.requestId));
  if (!request) return null;
  const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, request.legalEntityId));
  const [contact] = request.contactId ? await db.select().from(contacts).where(eq(contacts.id, request.contactId)) : [];
  const [quote] = contract.quoteId ? await db.select().from(quotes).where(eq(quotes.id, contract.quoteId)) : [];
  const establishments = await db
    .select({ link: contractEstablishments, client: clients })
    .from(contractEstablishments)
    .innerJoin(clients, eq(clients.id, contractEstablishments.clientId))
    .where(eq(contractEstablishments.contractId, id))
    .orderBy(asc(clients.raisonSocial));
  const days = await db
    .select()
    .from(contractDays)
    .where(eq(contractDays.contractId, id))
    .orderBy(asc(contractDays.day), asc(contractDays.position));
  const team = await db
    .select({ role: contractEvaluators.role, auditor: auditors })
    .from(contractEvaluators)
    .innerJoin(auditors, eq(auditors.id, contractEvaluators.auditorId))
    .where(eq(contractEvaluators.contractId, id))
    .orderBy(sql`${contractEvaluators.role} = 'COORDINATOR' desc`, asc(auditors.lastName));
  const docIds = [contract.documentId, contract.febDocumentId].filter((d): d is string => !!d);
  const docs = docIds.length
    ? await db
        .select({ id: documents.id, name: documents.name, fileName: documents.fileName })
        .from(documents)
        .where(inArray(documents.id, docIds))
    : [];
  return {
    contract,
    request,
    entity: entity ?? null,
    contact: contact ?? null,
    quote: quote ?? null,
    establishments,
    days,
    team,
    docs,
  };
}
export type ContractBundle = NonNullable<Awaited<ReturnType<typeof loadContract>>>;

export async function requireContract(db: Executor, id: string) {
  const bundle = await loadContract(db, id);
  if (!bundle) throw notFound(CONTRACT_NOT_FOUND);
  return bundle;
}

/** Contracts covering an establishment, newest first. */
export const contractIdsOfClient = async (db: Database, clientId: string) =>
  (
    await db
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(contractEstablishments, eq(contractEstablishments.contractId, contracts.id))
      .where(eq(contractEstablishments.clientId, clientId))
      .orderBy(sql`${contracts.createdAt} desc`)
  ).map((r) => r.id);

/**
 * Changes a contract at the version the caller read, inside a transaction with its audit entry.
 * `apply` may write related rows with tx and returns the contract's new values.
 */
export async function changeContract(
  db: Database,
  actor: Actor,
  id: string,
  version: number,
  apply: (tx: Executor, contract: Contract) => Promise<{ values: Partial<Contract>; summary: string; action?: string }>,
  requestId?: string,
  after?: (tx: Executor, saved: Contract) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, id));
    if (!contract) throw notFound(CONTRACT_NOT_FOUND);
    if (contract.version !== version) throw staleVersion();
    const { values, summary, action = "update" } = await apply(tx, contract);
    const [saved] = await tx
      .update(contracts)
      .set({ ...values, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
      .where(and(eq(contracts.id, id), eq(contracts.version, version)))
      .returning();
    if (!saved) throw staleVersion();
    if (after) await after(tx, saved);
    await writeAudit(tx, actor, { action, entityType: "contract", entityId: id, summary }, requestId);
    return saved;
  });
}
