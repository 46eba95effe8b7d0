import { type DeadlineSettings, PREPARATION_DOCUMENT_CODES } from "@certidesk/shared";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/client.js";
import {
  auditorAssignmentJustifications,
  auditors,
  clients,
  contacts,
  contracts,
  documents,
  fareClasses,
  missionDays,
  missionDeadlineSettings,
  missionNonConformities,
  missionOrders,
  missionReportReminders,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { preparedByShape } from "../../lib/prepared-by-shape.js";
import type { MissionRecord } from "./missions.policy.js";

export { missionDeadlineSettings as deadlineSettingsTable, missions as missionsTable };
export type MissionRow = typeof missions.$inferSelect;
export type MissionOrderRow = typeof missionOrders.$inferSelect;

const settingsQuery = (db: Executor) =>
  db.select().from(missionDeadlineSettings).where(eq(missionDeadlineSettings.id, 1));

/** The deadline settings (one row, created with the domain's defaults on first read). */
export async function loadDeadlineSettings(db: Executor): Promise<DeadlineSettings & { version: number }> {
  const read = async () => (await settingsQuery(db))[0];
  const row =
    (await read()) ??
    (await db.insert(missionDeadlineSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("mission deadline settings missing");
  return row;
}

const preparedSettings =
  preparedByShape<ReturnType<ReturnType<typeof settingsQuery>["prepare"]>>("mission_deadline_settings");

/**
 * The settings as the mission list and its counts read them at each call: one statement prepared once per
 * database (lib/prepared-by-shape.ts), a round trip parsed and planned once per connection. The application's
 * handle only, never a transaction's (each would prepare its own, kept by the connection).
 */
export async function loadDeadlineSettingsOfLists(db: Database): Promise<DeadlineSettings> {
  const [row] = await preparedSettings(db, "", (name) => settingsQuery(db).prepare(name)).execute();
  return row ?? loadDeadlineSettings(db);
}

export async function teamOf(db: Executor, missionIds: string[]) {
  if (missionIds.length === 0) return [];
  return db
    .select({
      missionId: missionTeamMembers.missionId,
      auditorId: missionTeamMembers.auditorId,
      role: missionTeamMembers.role,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      email: auditors.email,
    })
    .from(missionTeamMembers)
    .innerJoin(auditors, eq(auditors.id, missionTeamMembers.auditorId))
    .where(inArray(missionTeamMembers.missionId, missionIds))
    .orderBy(asc(missionTeamMembers.role), asc(auditors.lastName), asc(auditors.firstName));
}

export const toRecord = (m: MissionRow, team: MissionRecord["team"]): MissionRecord => ({
  id: m.id,
  clientId: m.clientId,
  kind: m.kind,
  status: m.status,
  team,
  preliminaryUploadedAt: m.preliminaryUploadedAt,
  preliminaryReviewedAt: m.preliminaryReviewedAt,
  preliminarySentAt: m.preliminarySentAt,
  observationsReceivedAt: m.observationsReceivedAt,
  finalReportAt: m.finalReportAt,
});

/** A mission with its team, as the policy needs it; `lock` takes the row for the transaction. */
export async function findMission(db: Executor, id: string, lock = false) {
  const query = db.select().from(missions).where(eq(missions.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const team = await teamOf(db, [id]);
  return { row, team, record: toRecord(row, team) };
}

/** The missions evaluated together with this one (itself included), or just itself. */
export async function groupOf(db: Executor, m: MissionRow): Promise<MissionRow[]> {
  if (!m.groupId) return [m];
  return db.select().from(missions).where(eq(missions.groupId, m.groupId)).orderBy(asc(missions.createdAt));
}

export async function daysOf(db: Executor, missionId: string) {
  return db.select().from(missionDays).where(eq(missionDays.missionId, missionId)).orderBy(asc(missionDays.day));
}

const successor = alias(missionOrders, "successor");

/** The current mission orders (the rows nothing supersedes) of a mission, or of one evaluator. */
export async function currentOrders(
  db: Executor,
  where: { missionId?: string; missionIds?: string[]; auditorId?: string; id?: string },
) {
  if (where.missionIds?.length === 0) return [];
  return db
    .select({
      order: missionOrders,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      email: auditors.email,
      documentName: documents.name,
    })
    .from(missionOrders)
    .innerJoin(auditors, eq(auditors.id, missionOrders.auditorId))
    .leftJoin(documents, eq(documents.id, missionOrders.documentId))
    .where(
      and(
        where.missionId ? eq(missionOrders.missionId, where.missionId) : undefined,
        where.missionIds ? inArray(missionOrders.missionId, where.missionIds) : undefined,
        where.auditorId ? eq(missionOrders.auditorId, where.auditorId) : undefined,
        where.id ? eq(missionOrders.id, where.id) : undefined,
        notExists(db.select({ one: sql`1` }).from(successor).where(eq(successor.supersedes, missionOrders.id))),
      ),
    )
    .orderBy(asc(auditors.lastName), asc(auditors.firstName));
}

export async function findOrder(db: Executor, id: string) {
  const [row] = await db.select().from(missionOrders).where(eq(missionOrders.id, id));
  return row ?? null;
}

/** The mission's establishment and contract, for the detail, PDFs and mails. */
export async function contextOf(db: Executor, m: MissionRow) {
  const [row] = await db
    .select({ client: clients, contract: contracts })
    .from(clients)
    .innerJoin(contracts, eq(contracts.id, m.contractId))
    .where(eq(clients.id, m.clientId));
  if (!row) throw new Error(`mission ${m.id} without client or contract`);
  return row;
}

export async function documentNames(db: Executor, ids: Array<string | null>) {
  const wanted = ids.filter((id): id is string => !!id);
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(inArray(documents.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function clientNamesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: clients.id, name: clients.raisonSocial })
    .from(clients)
    .where(inArray(clients.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function auditorsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(auditors).where(inArray(auditors.id, ids));
}

export async function findAuditor(db: Executor, id: string) {
  const [row] = await db.select().from(auditors).where(eq(auditors.id, id));
  return row ?? null;
}

/** The evaluators with their transport class, for the mission order PDF. */
export async function auditorsWithFareClass(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ auditor: auditors, fareClass: fareClasses.name })
    .from(auditors)
    .leftJoin(fareClasses, eq(fareClasses.id, auditors.fareClassId))
    .where(inArray(auditors.id, ids));
}

export async function justificationsOf(db: Executor, missionId: string, auditorId: string) {
  return db
    .select()
    .from(auditorAssignmentJustifications)
    .where(
      and(
        eq(auditorAssignmentJustifications.missionId, missionId),
        eq(auditorAssignmentJustifications.auditorId, auditorId),
      ),
    );
}

/** Every justification kept for a mission, newest first (the detail shows each member's last). */
export async function justificationsOfMission(db: Executor, missionId: string) {
  return db
    .select()
    .from(auditorAssignmentJustifications)
    .where(eq(auditorAssignmentJustifications.missionId, missionId))
    .orderBy(desc(auditorAssignmentJustifications.createdAt));
}

export async function insertJustification(db: Executor, values: typeof auditorAssignmentJustifications.$inferInsert) {
  await db.insert(auditorAssignmentJustifications).values(values);
}

export async function deleteOrder(db: Executor, id: string) {
  await db.delete(missionOrders).where(eq(missionOrders.id, id));
}

export async function insertOrders(db: Executor, values: Array<typeof missionOrders.$inferInsert>) {
  if (values.length === 0) return [];
  return db.insert(missionOrders).values(values).returning();
}

/** An order row, locked for the transaction when `lock`. */
export async function findOrderForUpdate(db: Executor, id: string) {
  const [row] = await db.select().from(missionOrders).where(eq(missionOrders.id, id)).for("update");
  return row ?? null;
}

export async function replaceTeamMembers(
  db: Executor,
  missionId: string,
  members: Array<{ auditorId: string; role: string }>,
) {
  await db.delete(missionTeamMembers).where(eq(missionTeamMembers.missionId, missionId));
  if (members.length) await db.insert(missionTeamMembers).values(members.map((m) => ({ missionId, ...m })));
}

export async function removeTeamMember(db: Executor, missionId: string, auditorId: string) {
  await db
    .delete(missionTeamMembers)
    .where(and(eq(missionTeamMembers.missionId, missionId), eq(missionTeamMembers.auditorId, auditorId)));
}

export async function replaceDays(db: Executor, missionId: string, days: Array<typeof missionDays.$inferInsert>) {
  await db.delete(missionDays).where(eq(missionDays.missionId, missionId));
  if (days.length) await db.insert(missionDays).values(days);
}

export async function setVisitSpan(
  db: Executor,
  missionId: string,
  firstDay: string | null,
  lastDay: string | null,
  remote?: boolean,
) {
  await db
    .update(missions)
    .set({ firstDay, lastDay, ...(remote === undefined ? {} : { remote }) })
    .where(eq(missions.id, missionId));
}

/** The establishment's main contact. */
export async function mainContact(db: Executor, clientId: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), eq(contacts.isMain, true)));
  return row ?? null;
}

/** Another mission of the same group changed with this one: its version moves too. */
export async function touchMission(db: Executor, id: string, now: Date) {
  await db
    .update(missions)
    .set({ version: sql`${missions.version} + 1`, updatedAt: now })
    .where(eq(missions.id, id));
}

/** Sets the programme of the mission's days that exist (a day not set is ignored). */
export async function setDayProgramme(
  db: Executor,
  missionId: string,
  day: string,
  programme: Array<{ time: string | null; activity: string; people: string | null }>,
) {
  await db
    .update(missionDays)
    .set({ programme })
    .where(and(eq(missionDays.missionId, missionId), eq(missionDays.day, day)));
}

/** The preparation documents of a mission (plans, list of AT), newest first. */
export async function preparationDocuments(db: Executor, missionId: string) {
  return db
    .select({ id: documents.id, name: documents.name, metaCode: documents.metaCode, updatedAt: documents.updatedAt })
    .from(documents)
    .where(
      and(
        eq(documents.missionId, missionId),
        isNull(documents.deletedAt),
        inArray(documents.metaCode, [...PREPARATION_DOCUMENT_CODES]),
      ),
    )
    .orderBy(desc(documents.updatedAt));
}

/** Open non-conformities of a mission, by severity. */
export async function openNonConformityCounts(db: Executor, missionId: string) {
  const rows = await db
    .select({ severity: missionNonConformities.severity, n: count() })
    .from(missionNonConformities)
    .where(and(eq(missionNonConformities.missionId, missionId), isNull(missionNonConformities.closedAt)))
    .groupBy(missionNonConformities.severity);
  return {
    major: Number(rows.find((r) => r.severity === "MAJOR")?.n ?? 0),
    minor: Number(rows.find((r) => r.severity === "MINOR")?.n ?? 0),
  };
}

/** The open missions whose reports may need a reminder (days set, not finalised). */
export async function missionsAwaitingReports(db: Executor) {
  return db
    .select()
    .from(missions)
    .where(and(eq(missions.status, "OPEN"), isNotNull(missions.lastDay), isNull(missions.finalReportAt)));
}

/**
 * Claims the reminder of one report and due date: true for the one caller that inserted it (the
 * primary key makes a second run, or a second server, a no-op).
 */
export async function claimReminder(db: Executor, missionId: string, report: string, dueDate: string, at: Date) {
  const rows = await db
    .insert(missionReportReminders)
    .values({ missionId, report, dueDate, sentAt: at })
    .onConflictDoNothing()
    .returning({ missionId: missionReportReminders.missionId });
  return rows.length > 0;
}

export async function remindersOf(db: Executor, missionId: string) {
  return db.select().from(missionReportReminders).where(eq(missionReportReminders.missionId, missionId));
}
