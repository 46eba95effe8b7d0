import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { auditLog, auditors, documents, missionOrders } from "../../db/schema/index.js";

const successor = alias(missionOrders, "successor");

/**
 * The orders of a mission that a newer order replaced: rows whose successor carries another PDF (a new
 * order, not an answer to the same one), newest replacement first.
 */
export async function replacedOrdersOf(db: Executor, missionId: string) {
  return db
    .select({
      order: missionOrders,
      firstName: auditors.firstName,
      lastName: auditors.lastName,
      documentName: documents.name,
      replacedAt: successor.createdAt,
    })
    .from(missionOrders)
    .innerJoin(successor, eq(successor.supersedes, missionOrders.id))
    .innerJoin(auditors, eq(auditors.id, missionOrders.auditorId))
    .leftJoin(documents, eq(documents.id, missionOrders.documentId))
    .where(
      and(
        eq(missionOrders.missionId, missionId),
        isNotNull(missionOrders.documentId),
        sql`${successor.documentId} is distinct from ${missionOrders.documentId}`,
      ),
    )
    .orderBy(desc(successor.createdAt), asc(auditors.lastName));
}

/** The mission's history: its own entries of the audit log, newest first (a mission has tens, not thousands). */
export async function missionHistoryOf(db: Executor, missionId: string) {
  return db
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      actorLabel: auditLog.actorLabel,
      action: auditLog.action,
      summary: auditLog.summary,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "mission"), eq(auditLog.entityId, missionId)))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(500);
}
