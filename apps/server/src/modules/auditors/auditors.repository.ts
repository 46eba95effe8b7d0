import type { OrganisationType } from "@certidesk/shared";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditorAssignmentJustifications,
  auditorAssignmentRefusals,
  auditorLinks,
  auditors,
  auditorUnavailability,
  clients,
  contractDays,
  contractEstablishments,
  contractEvaluators,
  contracts,
  documents,
  fareClasses,
  gestionnaires,
  legalEntities,
  missionDays,
  missions,
  missionTeamMembers,
  users,
} from "../../db/schema/index.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";
import { documentStateSql } from "./auditor-list.repository.js";

export type AuditorRecord = typeof auditors.$inferSelect;

// ---------------------------------------------------------------- the evaluator's file

export async function findAuditor(db: Executor, id: string): Promise<AuditorRecord | undefined> {
  const [auditor] = await db.select().from(auditors).where(eq(auditors.id, id)).limit(1);
  return auditor;
}

/** The file with its fare class's name, its document state on the given dates and its user account. */
export async function loadAuditorDetail(db: Executor, id: string, dates: { today: string; soon: string }) {
  const [row] = await db
    .select({
      auditor: auditors,
      fareClassName: fareClasses.name,
      documentState: documentStateSql(dates.today, dates.soon),
    })
    .from(auditors)
    .leftJoin(fareClasses, eq(fareClasses.id, auditors.fareClassId))
    .where(eq(auditors.id, id));
  if (!row) return null;
  const [user] = await db
    .select({ id: users.id, identifier: users.identifier, active: users.active })
    .from(users)
    .where(eq(users.auditorId, id))
    .limit(1);
  return { ...row, user: user ?? null };
}

export async function insertAuditor(tx: Executor, values: typeof auditors.$inferInsert): Promise<string> {
  const [created] = await tx.insert(auditors).values(values).returning({ id: auditors.id });
  if (!created) throw new Error("auditor not inserted");
  return created.id;
}

export const activeAuditors = (db: Executor) => db.select().from(auditors).where(eq(auditors.active, true));

export const auditorsByIds = (db: Executor, ids: string[]) =>
  db.select().from(auditors).where(inArray(auditors.id, ids));

/** The contract programmes the evaluator is on, with their days and establishments. */
export async function auditorContracts(db: Executor, id: string) {
  const rows = await db
    .select({
      contractId: contracts.id,
      contractNumber: contracts.number,
      contractStatus: contracts.status,
      role: contractEvaluators.role,
      firstDay: sql<
        string | null
      >`(select min(${contractDays.day}) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
      lastDay: sql<
        string | null
      >`(select max(${contractDays.day}) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
      dayCount: sql<number>`(select coalesce(sum(${contractDays.dayFraction}), 0) from ${contractDays} where ${contractDays.contractId} = ${contracts.id})`,
    })
    .from(contractEvaluators)
    .innerJoin(contracts, eq(contracts.id, contractEvaluators.contractId))
    .where(eq(contractEvaluators.auditorId, id))
    .orderBy(sql`2 desc`);
  const establishments = await db
    .select({
      contractId: contractEstablishments.contractId,
      clientId: clients.id,
      raisonSocial: clients.raisonSocial,
      city: clients.city,
    })
    .from(contractEstablishments)
    .innerJoin(clients, eq(clients.id, contractEstablishments.clientId))
    .innerJoin(contractEvaluators, eq(contractEvaluators.contractId, contractEstablishments.contractId))
    .where(eq(contractEvaluators.auditorId, id))
    .orderBy(asc(clients.raisonSocial));
  return { rows, establishments };
}

export async function clientLocation(db: Executor, clientId: string) {
  const [client] = await db
    .select({ postalCode: clients.postalCode, city: clients.city })
    .from(clients)
    .where(eq(clients.id, clientId));
  return client;
}

// ---------------------------------------------------------------- fare classes

export async function fareClassExists(db: Executor, id: string): Promise<boolean> {
  const [f] = await db.select({ id: fareClasses.id }).from(fareClasses).where(eq(fareClasses.id, id));
  return Boolean(f);
}

export const listFareClasses = (db: Executor) =>
  db.select().from(fareClasses).orderBy(asc(fareClasses.position), asc(fareClasses.name));

export async function insertFareClass(tx: Executor, values: typeof fareClasses.$inferInsert) {
  const [created] = await tx.insert(fareClasses).values(values).returning();
  if (!created) throw new Error("fare class not inserted");
  return created;
}

export async function countAuditorsWithFareClass(db: Executor, id: string): Promise<number> {
  const [used] = await db.select({ n: count() }).from(auditors).where(eq(auditors.fareClassId, id));
  return Number(used?.n ?? 0);
}

export async function deleteFareClass(tx: Executor, id: string) {
  const [removed] = await tx.delete(fareClasses).where(eq(fareClasses.id, id)).returning();
  return removed;
}

// ---------------------------------------------------------------- links of interest

const ORGANISATION_TABLES = {
  ESSMS: { table: clients, name: clients.raisonSocial, id: clients.id },
  LEGAL_ENTITY: { table: legalEntities, name: legalEntities.raisonSocial, id: legalEntities.id },
  GESTIONNAIRE: { table: gestionnaires, name: gestionnaires.raisonSocial, id: gestionnaires.id },
} as const;

export type AuditorLinkRecord = typeof auditorLinks.$inferSelect;

export async function organisationName(db: Executor, type: OrganisationType, id: string) {
  const t = ORGANISATION_TABLES[type];
  const [row] = await db.select({ name: t.name }).from(t.table).where(eq(t.id, id));
  return row?.name ?? null;
}

/** Organisations of a type whose name holds the search (without accents), the first 30 by name. */
export function organisationOptions(db: Executor, type: OrganisationType, search: string | undefined) {
  const t = ORGANISATION_TABLES[type];
  return db
    .select({ value: t.id, label: t.name })
    .from(t.table)
    .where(matchEveryWord(search, (pattern) => ilike(foldedSql(t.name), pattern)))
    .orderBy(asc(t.name))
    .limit(30);
}

export const listLinks = (db: Executor, auditorId: string) =>
  db
    .select()
    .from(auditorLinks)
    .where(eq(auditorLinks.auditorId, auditorId))
    .orderBy(desc(auditorLinks.startDate), desc(auditorLinks.recordedAt));

export async function insertLink(tx: Executor, values: typeof auditorLinks.$inferInsert) {
  const [created] = await tx.insert(auditorLinks).values(values).returning();
  if (!created) throw new Error("link not inserted");
  return created;
}

export async function findLink(db: Executor, auditorId: string, linkId: string) {
  const [link] = await db
    .select()
    .from(auditorLinks)
    .where(and(eq(auditorLinks.id, linkId), eq(auditorLinks.auditorId, auditorId)));
  return link;
}

/** Ends a link once: a link already ended is left as it is and nothing is returned. */
export async function endLink(
  tx: Executor,
  linkId: string,
  end: { endDate: string; endedById: string; endedByLabel: string; endedAt: Date },
) {
  const [saved] = await tx
    .update(auditorLinks)
    .set(end)
    .where(and(eq(auditorLinks.id, linkId), isNull(auditorLinks.endDate)))
    .returning();
  return saved;
}

// ---------------------------------------------------------------- availability

export const unavailabilityBetween = (db: Executor, auditorId: string, from: string, to: string) =>
  db
    .select()
    .from(auditorUnavailability)
    .where(
      and(
        eq(auditorUnavailability.auditorId, auditorId),
        lte(auditorUnavailability.startDate, to),
        gte(auditorUnavailability.endDate, from),
      ),
    )
    .orderBy(asc(auditorUnavailability.startDate));

/**
 * The days the evaluator is booked between two dates: the visit days of the missions whose team they are
 * on (the mission's days, not the contract's programme, which is only the proposal before planning).
 */
export const bookedDaysBetween = (db: Executor, auditorId: string, from: string, to: string) =>
  db
    .selectDistinct({
      day: missionDays.day,
      contractId: contracts.id,
      contractNumber: contracts.number,
      clientName: clients.raisonSocial,
    })
    .from(missionDays)
    .innerJoin(missions, eq(missions.id, missionDays.missionId))
    .innerJoin(missionTeamMembers, eq(missionTeamMembers.missionId, missions.id))
    .innerJoin(contracts, eq(contracts.id, missions.contractId))
    .leftJoin(clients, eq(clients.id, missions.clientId))
    .where(and(eq(missionTeamMembers.auditorId, auditorId), gte(missionDays.day, from), lte(missionDays.day, to)))
    .orderBy(asc(missionDays.day));

export async function insertUnavailability(tx: Executor, values: typeof auditorUnavailability.$inferInsert) {
  const [created] = await tx.insert(auditorUnavailability).values(values).returning();
  if (!created) throw new Error("unavailability not inserted");
  return created;
}

export async function deleteUnavailability(tx: Executor, auditorId: string, periodId: string) {
  const [removed] = await tx
    .delete(auditorUnavailability)
    .where(and(eq(auditorUnavailability.id, periodId), eq(auditorUnavailability.auditorId, auditorId)))
    .returning();
  return removed;
}

// ---------------------------------------------------------------- documents

/** The evaluator's live documents, by kind then the latest validity first. */
export const auditorDocuments = (db: Executor, auditorId: string) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.auditorId, auditorId), eq(documents.family, "AUDITOR"), isNull(documents.deletedAt)))
    .orderBy(asc(documents.auditorDocumentKind), desc(documents.validUntil), desc(documents.createdAt));

// ---------------------------------------------------------------- impartiality

export const assignmentJustifications = (
  db: Executor,
  key: { contractId: string; auditorId: string; clientId: string },
) =>
  db
    .select()
    .from(auditorAssignmentJustifications)
    .where(
      and(
        eq(auditorAssignmentJustifications.contractId, key.contractId),
        eq(auditorAssignmentJustifications.auditorId, key.auditorId),
        eq(auditorAssignmentJustifications.clientId, key.clientId),
      ),
    );

export async function insertJustification(tx: Executor, values: typeof auditorAssignmentJustifications.$inferInsert) {
  await tx.insert(auditorAssignmentJustifications).values(values);
}

export async function insertRefusal(tx: Executor, values: typeof auditorAssignmentRefusals.$inferInsert) {
  await tx.insert(auditorAssignmentRefusals).values(values);
}
