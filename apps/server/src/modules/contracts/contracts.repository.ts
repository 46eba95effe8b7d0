import type { programmeBodySchema } from "@certidesk/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.js";
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
  users,
} from "../../db/schema/index.js";

export type Contract = typeof contracts.$inferSelect;
export const CONTRACT_NOT_FOUND = "Contrat introuvable.";

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/**
 * Contracts with everything their tabs, PDF and mail need, for many ids at once: the same nine
 * queries for one contract or a hundred (the contracts, their requests, then seven in parallel).
 * Returned in the order of `ids`; unknown ids are left out.
 */
export async function loadContracts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const contractRows = await db
    .select()
    .from(contracts)
    .where(inArray(contracts.id, [...ids]));
  if (contractRows.length === 0) return [];
  const contractIds = contractRows.map((c) => c.id);
  const requestRows = await db
    .select()
    .from(requestClients)
    .where(inArray(requestClients.id, [...new Set(contractRows.map((c) => c.requestId))]));
  const some = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => !!v))];
  const entityIds = some(requestRows.map((r) => r.legalEntityId));
  const contactIds = some(requestRows.map((r) => r.contactId));
  const quoteIds = some(contractRows.map((c) => c.quoteId));
  const docIds = some(contractRows.flatMap((c) => [c.documentId, c.febDocumentId]));
  const [entityRows, contactRows, quoteRows, establishmentRows, dayRows, teamRows, docRows] = await Promise.all([
    entityIds.length ? db.select().from(legalEntities).where(inArray(legalEntities.id, entityIds)) : [],
    contactIds.length ? db.select().from(contacts).where(inArray(contacts.id, contactIds)) : [],
    quoteIds.length ? db.select().from(quotes).where(inArray(quotes.id, quoteIds)) : [],
    db
      .select({ link: contractEstablishments, client: clients })
      .from(contractEstablishments)
      .innerJoin(clients, eq(clients.id, contractEstablishments.clientId))
      .where(inArray(contractEstablishments.contractId, contractIds))
      .orderBy(asc(clients.raisonSocial)),
    db
      .select()
      .from(contractDays)
      .where(inArray(contractDays.contractId, contractIds))
      .orderBy(asc(contractDays.day), asc(contractDays.position)),
    db
      .select({ contractId: contractEvaluators.contractId, role: contractEvaluators.role, auditor: auditors })
      .from(contractEvaluators)
      .innerJoin(auditors, eq(auditors.id, contractEvaluators.auditorId))
      .where(inArray(contractEvaluators.contractId, contractIds))
      .orderBy(sql`${contractEvaluators.role} = 'COORDINATOR' desc`, asc(auditors.lastName)),
    docIds.length
      ? db
          .select({ id: documents.id, name: documents.name, fileName: documents.fileName })
          .from(documents)
          .where(inArray(documents.id, docIds))
      : [],
  ]);
  const requests = byId(requestRows);
  const entities = byId(entityRows);
  const contactsById = byId(contactRows);
  const quotesById = byId(quoteRows);
  const establishments = groupBy(establishmentRows, (r) => r.link.contractId);
  const days = groupBy(dayRows, (r) => r.contractId);
  const team = groupBy(teamRows, (r) => r.contractId);
  const found = byId(contractRows);
  return ids.flatMap((id) => {
    const contract = found.get(id);
    const request = contract ? requests.get(contract.requestId) : undefined;
    if (!contract || !request) return [];
    return [
      {
        contract,
        request,
        entity: entities.get(request.legalEntityId) ?? null,
        contact: (request.contactId ? contactsById.get(request.contactId) : undefined) ?? null,
        quote: (contract.quoteId ? quotesById.get(contract.quoteId) : undefined) ?? null,
        establishments: establishments.get(id) ?? [],
        days: days.get(id) ?? [],
        team: (team.get(id) ?? []).map(({ role, auditor }) => ({ role, auditor })),
        docs: docRows.filter((d) => d.id === contract.documentId || d.id === contract.febDocumentId),
      },
    ];
  });
}
export type ContractBundle = Awaited<ReturnType<typeof loadContracts>>[number];

export async function loadContract(db: Executor, id: string): Promise<ContractBundle | undefined> {
  return (await loadContracts(db, [id]))[0];
}

/** Contracts covering an establishment, newest first. */
export const contractIdsOfClient = async (db: Executor, clientId: string) =>
  (
    await db
      .select({ id: contracts.id })
      .from(contracts)
      .innerJoin(contractEstablishments, eq(contractEstablishments.contractId, contracts.id))
      .where(eq(contractEstablishments.clientId, clientId))
      .orderBy(sql`${contracts.createdAt} desc`)
  ).map((r) => r.id);

/** The establishments covered by a contract. */
export const establishmentIds = async (tx: Executor, contractId: string) =>
  (
    await tx
      .select({ id: contractEstablishments.clientId })
      .from(contractEstablishments)
      .where(eq(contractEstablishments.contractId, contractId))
  ).map((r) => r.id);

/** What the policy and the programme rules need of a contract, read with the row inside the write. */
export async function contractFacts(tx: Executor, contract: Contract) {
  const [clientIds, [request]] = await Promise.all([
    establishmentIds(tx, contract.id),
    tx
      .select({ service: requestClients.service })
      .from(requestClients)
      .where(eq(requestClients.id, contract.requestId)),
  ]);
  return { clientIds, service: request?.service ?? "ESSMS_EVALUATION" };
}

/** The programme's links and days, for the establishments' evaluation dates. */
export async function programmeOf(tx: Executor, contractId: string) {
  const [links, days] = await Promise.all([
    tx.select().from(contractEstablishments).where(eq(contractEstablishments.contractId, contractId)),
    tx.select().from(contractDays).where(eq(contractDays.contractId, contractId)),
  ]);
  return { links, days };
}

export async function countAuditors(tx: Executor, ids: string[]) {
  if (ids.length === 0) return 0;
  return (await tx.select({ id: auditors.id }).from(auditors).where(inArray(auditors.id, ids))).length;
}

type ProgrammeInput = z.output<typeof programmeBodySchema>;
type ProgrammeRows = {
  establishments: ProgrammeInput["establishments"];
  days: Array<ProgrammeInput["days"][number] & { dayFraction: number }>;
  evaluators: ProgrammeInput["evaluators"];
};

/** Replaces a contract's programme: grouping and ATC per establishment, the visit days in order, the team. */
export async function replaceProgramme(tx: Executor, contractId: string, p: ProgrammeRows) {
  for (const e of p.establishments)
    await tx
      .update(contractEstablishments)
      .set({ regroupingStatus: e.regroupingStatus, atc: e.atc })
      .where(and(eq(contractEstablishments.contractId, contractId), eq(contractEstablishments.clientId, e.clientId)));
  await tx.delete(contractDays).where(eq(contractDays.contractId, contractId));
  if (p.days.length)
    await tx.insert(contractDays).values(p.days.map((d, i) => ({ ...d, contractId, position: i + 1 })));
  await tx.delete(contractEvaluators).where(eq(contractEvaluators.contractId, contractId));
  if (p.evaluators.length) await tx.insert(contractEvaluators).values(p.evaluators.map((e) => ({ ...e, contractId })));
}

export const auditorOptionRows = (db: Executor) =>
  db.select().from(auditors).orderBy(asc(auditors.lastName), asc(auditors.firstName));

export const activeUsers = (db: Executor) =>
  db.select().from(users).where(eq(users.active, true)).orderBy(asc(users.lastName));

export async function findUser(db: Executor, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A request refused: its unsigned contracts are cancelled with it (the prospects module's cascade). */
export async function cancelOpenContracts(tx: Executor, input: { requestId: string }) {
  await tx
    .update(contracts)
    .set({ status: "CANCELLED", version: sql`${contracts.version} + 1` })
    .where(and(eq(contracts.requestId, input.requestId), inArray(contracts.status, ["DRAFT", "SENT"])));
}
