import type { DocumentFamily } from "@certidesk/shared";
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { auditors, clients, documentCategories, documents, documentVersions, users } from "../../db/schema/index.js";
import { inPage, type PageBounds, pageIds, totalColumn, totalOf } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import type { RecordScope } from "../../lib/policy.js";
import { boundValue, namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import { searchPatterns, storedTextLike } from "../../lib/search-text.js";
import { clientMayReadReport, clientMayReadReportSql } from "../missions/index.js";
import { type DocumentRowWithoutLinks, documentRowJson } from "./document-row.js";

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

/** A query on documents joined to the category, owner and author its rows show (`documentRowJson`). */
const withNames = <Query extends PgSelect>(query: Query) =>
  query
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(clients, eq(clients.id, documents.clientId))
    .leftJoin(auditors, eq(auditors.id, documents.auditorId))
    .leftJoin(users, eq(users.id, documents.createdBy));
/** A document and its row as the lists show it (document-row.ts), decoded by the driver. */
const joinedDocument = (db: Executor) =>
  withNames(
    db
      .select({ document: documents, row: sql<DocumentRowWithoutLinks>`${documentRowJson}` })
      .from(documents)
      .$dynamic(),
  );
export type DocumentJoinedRow = Awaited<ReturnType<ReturnType<typeof joinedDocument>["execute"]>>[number];

function listConditions(q: DocumentListQuery, scope: RecordScope, hr: boolean, param: StatementParam): SQL | undefined {
  const filters: Array<SQL | undefined> = [isNull(documents.deletedAt), scopeFilter(scope, hr)];
  for (const key of FILTER_KEYS) {
    const value = q[key];
    if (value) filters.push(eq(FILTER_COLUMNS[key], param(key, value)));
  }
  for (const [i, pattern] of searchPatterns(q.search).entries())
    filters.push(storedTextLike(documents.searchText, param(`w${i}`, pattern)));
  return and(...filters);
}
const FILTER_COLUMNS = {
  family: documents.family,
  documentType: documents.documentType,
  categoryId: documents.categoryId,
  clientId: documents.clientId,
  auditorId: documents.auditorId,
  missionId: documents.missionId,
};
const FILTER_KEYS = Object.keys(FILTER_COLUMNS) as Array<keyof typeof FILTER_COLUMNS>;

/** A row of a page: the document's id, its row as JSON text without its links (document-row.ts), the total. */
export interface DocumentPageRow {
  id: string;
  row: string;
  total: number;
}

/**
 * The page in one statement (lib/page-in-one-statement.ts): the page's ids from documents alone (each sort
 * an index walk over the live documents, the search on the stored search text) as a CTE, the rows of those
 * documents as JSON text (`documentRowJson`; the server adds their signed links), and the total.
 */
function pageStatement(
  db: Executor,
  q: DocumentListQuery,
  scope: RecordScope,
  hr: boolean,
  param: StatementParam,
  page: PageBounds,
) {
  const where = listConditions(q, scope, hr, param);
  const order = [q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]), asc(documents.id)];
  const ids = pageIds(db, "document_page", documents.id, where, order, page);
  const total = totalColumn(db.select({ n: count() }).from(documents).where(where));
  return withNames(
    db
      .with(ids)
      .select({ id: documents.id, row: sql<string>`${documentRowJson}::text`, total })
      .from(documents)
      .$dynamic(),
  )
    .where(inPage(documents.id, ids))
    .orderBy(...order);
}

/** Staff pages (every call but a client's or an evaluator's own library) run a prepared statement per shape. */
const preparedPages = preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("document_list_page");

export async function listDocuments(
  db: Executor,
  q: DocumentListQuery,
  scope: RecordScope,
  hr: boolean,
): Promise<{ rows: DocumentPageRow[]; total: number }> {
  const recount = async () => {
    const [row] = await db
      .select({ n: count() })
      .from(documents)
      .where(listConditions(q, scope, hr, boundValue));
    return Number(row?.n ?? 0);
  };
  const patterns = searchPatterns(q.search);
  const shape = [hr, ...FILTER_KEYS.map((key) => Boolean(q[key])), patterns.length, q.sort, q.direction, q.pageSize];
  const prepare = (name: string) =>
    pageStatement(db, q, scope, hr, namedPlaceholder, {
      limit: pageSizeSql(q.pageSize),
      offset: offsetParam(),
    }).prepare(name);
  const statement = scope.kind === "all" ? preparedPages(db, shape.join(":"), prepare) : undefined;
  const rows = statement
    ? await statement.execute({
        ...Object.fromEntries(FILTER_KEYS.map((key) => [key, q[key]])),
        ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])),
        offset: offsetOf(q),
      })
    : await pageStatement(db, q, scope, hr, boundValue, { limit: q.pageSize, offset: offsetOf(q) });
  return { rows, total: await totalOf(rows, q, recount) };
}

export async function findDocument(db: Executor, id: string) {
  const [row] = await joinedDocument(db)
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
