import type { DeadlineSettings } from "@certidesk/shared";
import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import {
  auditors,
  clients,
  contracts,
  documents,
  missionDays,
  missionDeadlineSettings,
  missionOrders,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import type { MissionRecord } from "./missions.policy.js";

export { missions as missionsTable };
export type MissionRow = typeof missions.$inferSelect;
export type MissionOrderRow = typeof missionOrders.$inferSelect;

/** The deadline settings (one row, created with the domain's defaults on first read). */
export async function loadDeadlineSettings(db: Executor): Promise<DeadlineSettings & { version: number }> {
  const read = async () =>
    (await db.select().from(missionDeadlineSettings).where(eq(missionDeadlineSettings.id, 1)))[0];
  const row =
    (await read()) ??
    (await db.insert(missionDeadlineSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("mission deadline settings missing");
  return row;
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
export async function currentOrders(db: Executor, where: { missionId?: string; auditorId?: string; id?: string }) {
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
