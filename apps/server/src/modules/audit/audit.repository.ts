import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditLog } from "../../db/schema/index.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

export interface AuditListQuery {
  page: number;
  pageSize: number;
  search?: string;
  entityType?: string;
  action?: string;
  from?: string;
  to?: string;
  actorId?: string;
  sort: "occurredAt" | "actorLabel" | "entityType" | "action";
  direction: "asc" | "desc";
}

const SORTS = {
  occurredAt: auditLog.occurredAt,
  actorLabel: auditLog.actorLabel,
  entityType: auditLog.entityType,
  action: auditLog.action,
};

export async function listAuditEntries(db: Executor, q: AuditListQuery) {
  const filters: SQL[] = [];
  if (q.entityType) filters.push(eq(auditLog.entityType, q.entityType));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.from) filters.push(gte(auditLog.occurredAt, new Date(`${q.from}T00:00:00`)));
  if (q.to) filters.push(lt(auditLog.occurredAt, sql`${`${q.to}T00:00:00`}::timestamptz + interval '1 day'`));
  const match = matchEveryWord(q.search, (pattern) =>
    or(ilike(foldedSql(auditLog.summary), pattern), ilike(foldedSql(auditLog.actorLabel), pattern)),
  );
  if (match) filters.push(match);
  const where = filters.length ? and(...filters) : undefined;
  const order = q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(order, desc(auditLog.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      occurredAt: r.occurredAt.toISOString(),
      actorLabel: r.actorLabel,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      summary: r.summary,
      changes: r.changes ?? null,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
