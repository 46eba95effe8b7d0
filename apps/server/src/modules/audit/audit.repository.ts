import { AUDIT_COUNT_CAP, type AuditPage } from "@certidesk/shared";
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditLog, auditLogCounts } from "../../db/schema/index.js";
import { totalColumn, totalOf } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam } from "../../lib/pagination.js";
import { parisDayEnd, parisDayStart } from "../../lib/paris-day-sql.js";
import { boundValue, namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import { matchEveryWordIn, searchWords } from "../../lib/search-text.js";
import { isoTimestamp, JsonText, jsonObject } from "../../lib/sql-json.js";
import { totalWithVersion, type VersionedRow, versionedCount, versionedTotals } from "../../lib/versioned-totals.js";

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

const LABEL_SORTS = {
  actorLabel: auditLog.actorLabel,
  entityType: auditLog.entityType,
  action: auditLog.action,
};

/**
 * The journal's order. By date: newest first, ties by id descending. By author, element or action (a handful
 * of values over a million rows): the date then the id break the ties in the same direction, so that one
 * index (key, occurred_at, id) serves both directions and the element and action filters.
 */
function orderOf(q: AuditListQuery): SQL[] {
  const dir = q.direction === "asc" ? sql`asc` : sql`desc`;
  if (q.sort === "occurredAt") return [sql`${auditLog.occurredAt} ${dir}`, sql`${auditLog.id} desc`];
  return [sql`${LABEL_SORTS[q.sort]} ${dir}`, sql`${auditLog.occurredAt} ${dir}`, sql`${auditLog.id} ${dir}`];
}

/** The filters whose values are the statements' parameters, each named after its key (`whereOf`, `countSql`). */
const FILTER_KEYS = ["entityType", "action", "actorId", "from", "to"] as const;

/** The journal's conditions; the filters' values through `param` (a prepared statement's placeholders). */
function whereOf(q: AuditListQuery, param: StatementParam): SQL | undefined {
  const filters: SQL[] = [];
  if (q.entityType) filters.push(eq(auditLog.entityType, param("entityType", q.entityType)));
  if (q.action) filters.push(eq(auditLog.action, param("action", q.action)));
  if (q.actorId) filters.push(eq(auditLog.actorId, param("actorId", q.actorId)));
  // Whole Paris days, whatever the server's or the database session's time zone.
  if (q.from) filters.push(gte(auditLog.occurredAt, parisDayStart(param("from", q.from))));
  if (q.to) filters.push(lt(auditLog.occurredAt, parisDayEnd(param("to", q.to))));
  // A search is never prepared (listAuditEntries): its words are bound as they are.
  const match = matchEveryWordIn(auditLog.searchText, q.search);
  if (match) filters.push(match);
  return filters.length ? and(...filters) : undefined;
}

/**
 * The journal's total. Without a search or dates it is read from audit_log_counts (kept by triggers in the
 * statement that writes the journal): counting a million rows took 110–200 ms a page. Otherwise the matching
 * rows are counted (a date range through its index, a search through the trigram index), up to one past
 * AUDIT_COUNT_CAP: a frequent word matches a fifth of the journal.
 */
/** Whether the total counts the matching rows (a search or dates), not the counts kept by the database. */
const counted = (q: AuditListQuery) => Boolean(q.search || q.from || q.to);

function countSql(q: AuditListQuery, param: StatementParam): SQL {
  if (counted(q)) {
    return sql`select count(*) from (select 1 from ${auditLog} where ${whereOf(q, param) ?? sql`true`} limit ${
      AUDIT_COUNT_CAP + 1
    }) matching`;
  }
  const kept = and(
    q.entityType ? eq(auditLogCounts.entityType, param("entityType", q.entityType)) : undefined,
    q.action ? eq(auditLogCounts.action, param("action", q.action)) : undefined,
    q.actorId ? eq(auditLogCounts.actorId, param("actorId", q.actorId)) : undefined,
  );
  return sql`select coalesce(sum(${auditLogCounts.n}), 0) from ${auditLogCounts} where ${kept ?? sql`true`}`;
}

/**
 * A journal entry (shared AuditEntryRow) as JSON built by the database (lib/sql-json.ts): the server neither
 * decodes its date and changes nor encodes them again.
 */
const entryJson = jsonObject({
  id: auditLog.id,
  occurredAt: isoTimestamp(auditLog.occurredAt),
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  summary: auditLog.summary,
  changes: auditLog.changes,
});

/**
 * The page's entries as JSON texts, each carrying the total (an uncorrelated subquery, run once). A
 * versioned statement (a search) reads the journal's version, and counts only when asked.
 */
function pageStatement(
  db: Executor,
  q: AuditListQuery,
  param: StatementParam,
  offset: number | SQL,
  versioned?: { withTotal: boolean },
) {
  return (
    db
      .select({
        entry: sql<string>`${entryJson}::text`,
        ...totalWithVersion(countSql(q, param), "audit_log", versioned),
      })
      .from(auditLog)
      .where(whereOf(q, param))
      .orderBy(...orderOf(q))
      .limit(q.pageSize)
      // drizzle types OFFSET as a number or a placeholder but writes any SQL it is given.
      .offset(offset as number)
  );
}

const preparedPages = preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("audit_list_page");

/**
 * A page of the journal in one statement (lib/page-in-one-statement.ts). Without a search (nearly every call)
 * it is prepared once per shape (lib/prepared-by-shape.ts): its two statements, built by drizzle at each
 * call, cost the server more than PostgreSQL spent running them (docs/performance.md). A search is planned
 * for its words.
 */
export async function listAuditEntries(db: Executor, q: AuditListQuery): Promise<JsonText<AuditPage>> {
  const { items, total } = searchWords(q.search).length > 0 ? await searchedPage(db, q) : await unsearchedPage(db, q);
  // Only a count of matching rows stops past the cap; the kept counts are exact.
  const capped = counted(q) && total > AUDIT_COUNT_CAP;
  return new JsonText(
    `{"items":${items},"total":${capped ? AUDIT_COUNT_CAP : total},"totalCapped":${capped},"page":${q.page},"pageSize":${q.pageSize}}`,
  );
}

const entriesArray = (rows: Array<{ entry: string }>) => `[${rows.map((r) => r.entry).join(",")}]`;

async function unsearchedPage(db: Executor, q: AuditListQuery) {
  const shape = FILTER_KEYS.map((key) => Boolean(q[key])).join(":");
  // Built and prepared the first time of its shape only; its values are the filters set, by the names `whereOf`
  // gives them (building it at each call only to record them cost the server more than its execution).
  const values = {
    offset: offsetOf(q),
    ...Object.fromEntries(FILTER_KEYS.filter((key) => q[key]).map((key) => [key, q[key]])),
  };
  const rows = (await preparedPages(db, [shape, q.sort, q.direction, q.pageSize].join(":"), (name) =>
    pageStatement(db, q, namedPlaceholder, offsetParam()).prepare(name),
  ).execute(values)) as Array<{ entry: string; total: number }>;
  // A page past the last has no row to carry the total: it is counted apart.
  const recount = async () => {
    const [row] = await db.select({ n: totalColumn(countSql(q, boundValue)) }).from(sql`(select 1) one`);
    return Number(row?.n ?? 0);
  };
  return { items: entriesArray(rows), total: await totalOf(rows, q, recount) };
}

/**
 * A search, planned for its words. Its total (up to the cap) is remembered while the journal does not
 * change (lib/versioned-totals.ts): a frequent word is counted over ten thousand entries, where its page
 * stops at fifty. The journal changes with every write of the application, so this helps the pages of a
 * search read one after the other, not a busy day's.
 */
async function searchedPage(db: Executor, q: AuditListQuery) {
  const countAlone = async () => await versionedCount(db, countSql(q, boundValue), "audit_log");
  const view = [searchWords(q.search), q.entityType, q.action, q.actorId, q.from, q.to];
  return searchedTotals.page(db, JSON.stringify(view), {
    async page(withTotal) {
      const rows = (await pageStatement(db, q, boundValue, offsetOf(q), { withTotal })) as VersionedRow<{
        entry: string;
        total: number | null;
      }>[];
      const [first] = rows;
      // No entry (a page past the last) carries the version and the total: both read alone.
      if (!first) return (await countAlone()).map((row) => ({ ...row, items: "[]" }));
      return [{ items: entriesArray(rows), total: first.total, version: first.version, clean: first.clean }];
    },
    count: countAlone,
  });
}

const searchedTotals = versionedTotals();
