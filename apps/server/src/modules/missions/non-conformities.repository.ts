import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { missionNonConformities, missions, missionTeamMembers } from "../../db/schema/index.js";

export { missionNonConformities as nonConformitiesTable };
export type NonConformityRow = typeof missionNonConformities.$inferSelect;

export async function listOf(db: Executor, missionId: string) {
  return db
    .select()
    .from(missionNonConformities)
    .where(eq(missionNonConformities.missionId, missionId))
    .orderBy(asc(missionNonConformities.criterion), asc(missionNonConformities.createdAt));
}

export async function findOne(db: Executor, id: string) {
  const [row] = await db.select().from(missionNonConformities).where(eq(missionNonConformities.id, id));
  return row ?? null;
}

export async function insert(db: Executor, values: typeof missionNonConformities.$inferInsert) {
  const [row] = await db.insert(missionNonConformities).values(values).returning();
  if (!row) throw new Error("non-conformity not inserted");
  return row;
}

/** The missions of a contract (optionally of some establishments only). */
export async function missionsOfContract(db: Executor, contractId: string) {
  return db.select().from(missions).where(eq(missions.contractId, contractId));
}

/** The major non-conformities of these missions still open on a day (not lifted, or lifted after it). */
export async function majorsOpenOn(db: Executor, missionIds: string[], day: string) {
  if (missionIds.length === 0) return [];
  return db
    .select()
    .from(missionNonConformities)
    .where(
      and(
        inArray(missionNonConformities.missionId, missionIds),
        eq(missionNonConformities.severity, "MAJOR"),
        or(isNull(missionNonConformities.closedAt), gt(missionNonConformities.closedAt, day)),
      ),
    )
    .orderBy(asc(missionNonConformities.criterion));
}

/** Whether the evaluator was on the team of a mission of one of these establishments. */
export async function auditedClients(db: Executor, auditorId: string, clientIds: string[]) {
  if (clientIds.length === 0) return [];
  return db
    .selectDistinct({ clientId: missions.clientId })
    .from(missionTeamMembers)
    .innerJoin(missions, eq(missions.id, missionTeamMembers.missionId))
    .where(and(eq(missionTeamMembers.auditorId, auditorId), inArray(missions.clientId, clientIds)));
}
