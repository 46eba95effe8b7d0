import type { DocumentFamily } from "@certidesk/shared";
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors, clients, documentCategories, documents, documentVersions, users } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { offsetOf } from "../../lib/pagination.js";
import type { RecordScope } from "../../lib/policy.js";
import { matchEveryWordIn } from "../../lib/search-text.js";
import { clientMayReadReport, clientMayReadReportSql } from "../missions/index.js";

export interface DocumentListQuery {
  page: number;
  pageSize: number;
  search?: string;
  family?: DocumentFamily;
  documentType?: string;
  categoryId?: string;
  clientId?: string;
  auditorId?: string;
  missionId?: string;
  sort: "name" | "updatedAt" | "size" | "documentType";
  direction: "asc" | "desc";
}

const SORTS = {
  name: documents.name,
  updatedAt: documents.updatedAt,
  size: documents.size,
  documentType: documents.documentType,
};

/** `hr`: whether the actor may see the RH family (documents.policy.ts). */
function scopeFilter(scope: RecordScope, hr: boolean): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return hr ? undefined : ne(documents.family, "RH");
    case "client":
      // A mission's report is the client's once it has been sent to them (missions module).
      return and(
        eq(documents.family, "CLIENT"),
        eq(documents.clientId, scope.clientId),
        clientMayReadReportSql(documents),
      );
    case "auditor":
      return and(eq(documents.family, "AUDITOR"), eq(documents.auditorId, scope.auditorId));
    case "none":
      return sql`false`;
  }
}

const rowSelection = {
  document: documents,
  categoryName: documentCategories.name,
  clientName: clients.raisonSocial,
  auditorName: sql<string | null>`${auditors.firstName} || ' ' || ${auditors.lastName}`,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

function joined(db: Executor) {
  return db
    .select(rowSelection)
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(auditors, eq(auditors.id, documents.auditorId))
    .leftJoin(users, eq(users.id, documents.createdBy));
}
export type DocumentJoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["execute"]>>[number];

/**
 * A page of the library: the page's ids first, from documents alone (each sort an index walk over the live
 * documents, the search on the stored search text), then the category, owner and author of those rows only.
 */
export async function listDocuments(db: Executor, q: DocumentListQuery, scope: RecordScope, hr: boolean) {
  const filters: Array<SQL | undefined> = [isNull(documents.deletedAt), scopeFilter(scope, hr)];
  if (q.family) filters.push(eq(documents.family, q.family));
  if (q.documentType) filters.push(eq(documents.documentType, q.documentType));
  if (q.categoryId) filters.push(eq(documents.categoryId, q.categoryId));
  if (q.clientId) filters.push(eq(documents.clientId, q.clientId));
  if (q.auditorId) filters.push(eq(documents.auditorId, q.auditorId));
  if (q.missionId) filters.push(eq(documents.missionId, q.missionId));
  filters.push(matchEveryWordIn(documents.searchText, q.search));
  const where = and(...filters);
  const order = q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: documents.id })
      .from(documents)
      .where(where)
      .orderBy(order, asc(documents.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const details = ids.length ? await joined(db).where(anyOf(documents.id, ids)) : [];
  const byId = new Map(details.map((r) => [r.document.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total?.n ?? 0) };
}

export async function findDocument(db: Executor, id: string) {
  const [row] = await joined(db)
    .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Live documents among the given ids, in one query. */
export async function findDocuments(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
}

export async function listVersions(db: Executor, documentId: string) {
  return db
    .select({
      version: documentVersions,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.versionNumber));
}

export async function findVersion(db: Executor, documentId: string, versionNumber: number) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.versionNumber, versionNumber)))
    .limit(1);
  return row ?? null;
}

export async function listCategories(db: Executor) {
  return db
    .select({
      category: documentCategories,
      // Spelled out: inside a subquery drizzle would print the outer column unqualified ("id").
      documentCount: sql<number>`(select count(*)::int from documents d where d.category_id = document_categories.id and d.deleted_at is null)`,
    })
    .from(documentCategories)
    .orderBy(asc(documentCategories.family), asc(documentCategories.position), asc(documentCategories.name));
}

export async function clientExists(db: Executor, id: string) {
  return (await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id))).length > 0;
}

export async function auditorExists(db: Executor, id: string) {
  return (await db.select({ id: auditors.id }).from(auditors).where(eq(auditors.id, id))).length > 0;
}

export async function findCategory(db: Executor, id: string) {
  const [category] = await db.select().from(documentCategories).where(eq(documentCategories.id, id));
  return category;
}

export async function insertDocument(tx: Executor, values: typeof documents.$inferInsert) {
  const [created] = await tx.insert(documents).values(values).returning();
  if (!created) throw new Error("document not created");
  return created;
}

export async function insertVersion(tx: Executor, values: typeof documentVersions.$inferInsert) {
  await tx.insert(documentVersions).values(values);
}

export async function insertCategory(tx: Executor, values: typeof documentCategories.$inferInsert) {
  const [created] = await tx.insert(documentCategories).values(values).returning();
  if (!created) throw new Error("category not created");
  return created;
}

export async function deleteCategory(tx: Executor, id: string) {
  const [removed] = await tx.delete(documentCategories).where(eq(documentCategories.id, id)).returning();
  return removed;
}

/** Whether a client user may read this document of their establishment (an unsent report: no). */
export const clientMayRead = (db: Executor, doc: { id: string; metaCode: string | null }) =>
  clientMayReadReport(db, doc);
