import type { DocumentFamily } from "@certidesk/shared";
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { auditors, clients, documentCategories, documents, documentVersions, users } from "../../db/schema/index.js";
import { inPage, type PageBounds, pageIds, totalColumn } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import type { RecordScope } from "../../lib/policy.js";
import { boundValue, namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import {
  containsEveryWordIn,
  searchPatterns,
  searchWords,
  storedTextLike,
  walksTheSortIndex,
} from "../../lib/search-text.js";
import { withJsonKey } from "../../lib/sql-json.js";
import { versionColumns, versionedCount, versionedValues } from "../../lib/versioned-totals.js";
import { clientMayReadReport, clientMayReadReportSql } from "../missions/index.js";
import type { DocumentRowWithoutLinks } from "./document-row.js";

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

/**
 * The documents a scope reads, as the library lists them (the global search reads the same: `documentListScope`).
 * `hr`: whether the actor may see the RH family (documents.policy.ts).
 */
export function scopeFilter(scope: RecordScope, hr: boolean): SQL | undefined {
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
      return and(inArray(documents.family, ["AUDITOR", "EXPENSE"]), eq(documents.auditorId, scope.auditorId));
    case "none":
      return sql`false`;
  }
}

/**
 * A document's row as the lists show it, as JSON text: the row kept on the document (list_row, migration
 * 0050_document_list_row, the list's and the detail's one definition) with its author's name added, which
 * the author's rename would otherwise rewrite in thousands of rows (migration 0053_author_names_at_read).
 * On documents left-joined to users (`withAuthor`).
 */
const rowText = withJsonKey(documents.listRow, "createdByName", users.nameJson);
const withAuthor = <Query extends PgSelect>(query: Query) => query.leftJoin(users, eq(users.id, documents.createdBy));

/** A document and its row as the lists show it, decoded by the driver. */
const joinedDocument = (db: Executor) =>
  withAuthor(
    db
      .select({ document: documents, row: sql<DocumentRowWithoutLinks>`(${rowText})::json` })
      .from(documents)
      .$dynamic(),
  );
export type DocumentJoinedRow = Awaited<ReturnType<ReturnType<typeof joinedDocument>["execute"]>>[number];

/** `walk`: a frequent word, matched so that the planner walks the sort's index (`walksTheSortIndex`). */
function listConditions(
  q: DocumentListQuery,
  scope: RecordScope,
  hr: boolean,
  param: StatementParam,
  walk = false,
): SQL | undefined {
  const filters: Array<SQL | undefined> = [isNull(documents.deletedAt), scopeFilter(scope, hr)];
  for (const key of FILTER_KEYS) {
    const value = q[key];
    if (value) filters.push(eq(FILTER_COLUMNS[key], param(key, value)));
  }
  if (walk) filters.push(containsEveryWordIn(documents.searchText, q.search, param));
  else
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

/** A row of a page: the document's id and its row as JSON text without its links (document-row.ts). */
export interface DocumentPageRow {
  id: string;
  row: string;
}

/**
 * A page's rows as one text: each row's document id then its kept JSON text, in the list's order, separated
 * by U+001E. JSON text never holds that character raw (control characters are escaped in it). One text
 * rather than fifty rows: the driver's and the ORM's work on each row cost the server more than the database
 * spent on the page (docs/performance.md, 28 novembre 2026, fin de soirée).
 */
const ROW_SEPARATOR = "\x1e";
const UUID_LENGTH = 36;
const pageRowsOf = (text: string | null): DocumentPageRow[] =>
  text
    ? text.split(ROW_SEPARATOR).map((part) => ({ id: part.slice(0, UUID_LENGTH), row: part.slice(UUID_LENGTH) }))
    : [];

/**
 * The page in one statement (lib/page-in-one-statement.ts): the page's ids from documents alone (each sort
 * an index walk over the live documents, the search on the stored search text) as a CTE, the rows of those
 * documents as the JSON texts kept on them (list_row, ASCII; the server adds their signed links) in one text
 * (`pageRowsOf`), and either the total (`counted`) or, for a staff view (documents alone), the documents'
 * version its remembered total is checked against (lib/versioned-totals.ts). An aggregate: one row, even
 * for a page past the last.
 */
function pageStatement<Counted extends boolean>(
  db: Executor,
  q: DocumentListQuery,
  view: { scope: RecordScope; hr: boolean; counted: Counted; walk?: boolean },
  param: StatementParam,
  page: PageBounds,
) {
  const where = listConditions(q, view.scope, view.hr, param, view.walk);
  const order = [q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]), asc(documents.id)];
  const ids = pageIds(db, "document_page", documents.id, where, order, page);
  const extra = (
    view.counted ? { total: totalColumn(countStatement(db, where)) } : versionColumns("documents")
  ) as Counted extends true ? { total: SQL<number> } : ReturnType<typeof versionColumns>;
  const rows = sql<
    string | null
  >`string_agg(${documents.id}::text || ${rowText}, chr(30) order by ${sql.join(order, sql`, `)})`;
  return withAuthor(
    db
      .with(ids)
      .select({ rows, ...extra })
      .from(documents)
      .$dynamic(),
  ).where(inPage(documents.id, ids));
}

const countStatement = (db: Executor, where: SQL | undefined) => db.select({ n: count() }).from(documents).where(where);

/** Staff pages (every call but a client's or an evaluator's own library) run a prepared statement per shape. */
const preparedPages =
  preparedByShape<ReturnType<ReturnType<typeof pageStatement<false>>["prepare"]>>("document_list_page");
const preparedWalks =
  preparedByShape<ReturnType<ReturnType<typeof pageStatement<false>>["prepare"]>>("document_walk_page");
const staffTotals = versionedValues<number>(0);

/**
 * A page of the library. A staff view reads documents alone: its total is remembered while the documents do
 * not change (lib/versioned-totals.ts), counted again when they do; counting 140,000 documents took 60 ms at
 * every page (docs/performance.md). A client's or an evaluator's own library also reads their missions: it
 * counts in its page's statement.
 */
export async function listDocuments(
  db: Executor,
  q: DocumentListQuery,
  scope: RecordScope,
  hr: boolean,
): Promise<{ rows: DocumentPageRow[]; total: number }> {
  if (scope.kind !== "all") {
    const view = { scope, hr, counted: true } as const;
    const [page] = await pageStatement(db, q, view, boundValue, { limit: q.pageSize, offset: offsetOf(q) });
    return { rows: pageRowsOf(page?.rows ?? null), total: Number(page?.total ?? 0) };
  }
  const patterns = searchPatterns(q.search);
  const shape = [hr, ...FILTER_KEYS.map((key) => Boolean(q[key])), q.sort, q.direction, q.pageSize];
  const unsearched = Object.fromEntries(FILTER_KEYS.map((key) => [key, q[key]]));
  const filters = { ...unsearched, ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])) };
  const viewKey = JSON.stringify([hr, filters]);
  const prepared = (view: { walk: boolean }, name: string) =>
    pageStatement(db, q, { scope, hr, counted: false, ...view }, namedPlaceholder, {
      limit: pageSizeSql(q.pageSize),
      offset: offsetParam(),
    }).prepare(name);
  const offset = offsetOf(q);
  // A search is planned for its words: a generic plan guesses a few hundred matches for any word and sorts
  // them, where a word in two documents of three is best found walking the sort's index (211 ms against 6
  // for "rapport" among 140,000 documents). A word already counted frequent walks in a statement prepared
  // per shape, its words the parameters: planned at each call, it cost the server and the database more than
  // the walk (docs/performance.md, 28 novembre 2026, fin de soirée).
  const walk =
    patterns.length > 0 &&
    walksTheSortIndex(
      staffTotals.remembered(db, viewKey),
      staffTotals.remembered(db, JSON.stringify([hr, unsearched])),
      offset + q.pageSize,
    );
  const words = Object.fromEntries(searchWords(q.search).map((word, i) => [`w${i}`, word]));
  const [page] = walk
    ? await preparedWalks(db, [...shape, patterns.length].join(":"), (name) => prepared({ walk: true }, name)).execute({
        ...unsearched,
        ...words,
        offset,
      })
    : patterns.length
      ? await pageStatement(db, q, { scope, hr, counted: false }, boundValue, { limit: q.pageSize, offset })
      : await preparedPages(db, shape.join(":"), (name) => prepared({ walk: false }, name)).execute({
          ...filters,
          offset,
        });
  const total = await staffTotals.get(db, viewKey, {
    // The version read with the page's rows.
    version: async () => (page ? [page] : []),
    compute: async () =>
      (await versionedCount(db, countStatement(db, listConditions(q, scope, hr, boundValue)), "documents")).map(
        (r) => ({ ...r, value: Number(r.total) }),
      ),
  });
  return { rows: pageRowsOf(page?.rows ?? null), total };
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
