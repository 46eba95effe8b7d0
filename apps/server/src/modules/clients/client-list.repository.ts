import type { ClientListQuery, ClientRow, ClientSortKey } from "@certidesk/shared";
import { and, count as countFn, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, listCounts } from "../../db/schema/index.js";
import { dateLiteral, type IsoDate, sqlDate } from "../../lib/clock.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { type RecordScope, scopeWhere } from "../../lib/policy.js";
import { namedPlaceholder, preparedByShape } from "../../lib/prepared-by-shape.js";
import {
  containsEveryWordIn,
  listSizes,
  matchEveryWordIn,
  searchWords,
  walksTheSortIndex,
} from "../../lib/search-text.js";
import { jsonPageOf, jsonTextsArray } from "../../lib/sql-json.js";
import { totalWithVersion, type VersionedRow, versionedCount, versionedTotals } from "../../lib/versioned-totals.js";

// The sorts on the main contact's and the gestionnaire's names read columns kept by triggers (the
// client_search migration) holding exactly `lower(folded name)` of the joined row ('' without a main contact,
// null without a gestionnaire, as the joins gave): the page of ids joins nothing and is read from an index.
const SORT_EXPRESSIONS: Record<ClientSortKey, SQL | unknown> = {
  raisonSocial: clients.listNameKey,
  postalCode: clients.postalCode,
  city: clients.listCityKey,
  contactName: clients.listContactName,
  gestionnaireRaisonSocial: clients.listGestionnaireName,
  evaluationDate: clients.evaluationDate,
  dateRelance: clients.dateRelance,
  status: clients.latestContractStatus,
  createdAt: clients.createdAt,
};

function filterCondition(filter: ClientListQuery["filter"], today: SQL): SQL | undefined {
  switch (filter) {
    case "NO_EVALUATION_DATE":
      return and(isNull(clients.evaluationDate), isNull(clients.evaluationFinishedAt));
    case "EVALUATION_DATE":
      return and(sql`${clients.evaluationDate} >= ${today}`, isNull(clients.evaluationFinishedAt));
    case "AUDIT_DATE_PAST":
      return and(sql`${clients.evaluationDate} < ${today}`, isNull(clients.evaluationFinishedAt));
    case "EVALUATION_FINISH":
      return isNotNull(clients.evaluationFinishedAt);
    default:
      return undefined;
  }
}

/**
 * Every word in any of the searched fields (raison sociale, city, postal code, FINESS, the legal entity's
 * and the gestionnaire's raison sociale, the main contact's name): `search_text` holds them folded,
 * lower-cased and separated by spaces (kept by triggers, the client_search migration), so a word is one
 * LIKE on one trigram-indexed column. lower() of the pattern, in SQL, is what ILIKE did to it; a word
 * has no space, so it matches within one field as before. (A word under 3 characters has no trigram:
 * it is still right, read from the table. So is the total of a frequent word, "ehpad" in a fifth of the
 * clients: the planner prices the index's heap reads as random disk reads, random_page_cost 4, and
 * prefers reading the whole table, a few ms where the index would take one.)
 */
function searchCondition(search: string | undefined): SQL | undefined {
  return matchEveryWordIn(clients.searchText, search);
}

/**
 * The client list, filtered, searched, sorted and paged in SQL. The page's ids come first, from clients
 * alone (the search and the sorts on joined names read derived columns) with no per-row subquery (the
 * establishment count, the latest contract): with 10,000 clients those cost 75 ms when computed for
 * every row before the sort kept 50. Then the rows of those 50 only, each kept as JSON text on the
 * client (list_row, migration 0035_client_list_row); the count joins nothing.
 */
export async function listClients(
  db: Executor,
  q: ClientListQuery,
  scope: RecordScope,
  today: IsoDate,
): Promise<{ items: string; total: number }> {
  // Staff without a search (nearly every call): a statement prepared once for the shape of the query.
  if (scope.kind === "all" && searchWords(q.search).length === 0) {
    const page = jsonPageOf(await preparedPage(db, q, today).execute({ today, offset: offsetOf(q) }));
    if ((q.filter ?? "all") === "all") sizes.seen(db, "all", page.total);
    return page;
  }
  // A restricted scope reads other tables (an evaluator's missions): counted with every page.
  if (scope.kind !== "all")
    return jsonPageOf(await pageStatement(db, q, scope, sqlDate(today), q.pageSize, offsetOf(q)));
  // A search: its total read from clients alone, remembered while the clients do not change. The key is what
  // the count reads: the filter (its date for the dated ones) and the words as typed.
  const filter = q.filter ?? "all";
  const key = JSON.stringify([filter, DATED_FILTERS.has(filter) ? today : "", searchWords(q.search)]);
  const upTo = offsetOf(q) + q.pageSize;
  return searchedTotals.page(db, key, {
    page: async (withTotal, remembered) => {
      const walk = filter === "all" && walksTheSortIndex(remembered, await sizes.of(db, "all"), upTo);
      const rows = walk
        ? await walkedPage(db, q, today)
        : await pageStatement(db, q, scope, sqlDate(today), q.pageSize, offsetOf(q), { withTotal });
      return rows as VersionedRow<{ items: string; total: number | null }>[];
    },
    count: async () => await versionedCount(db, clientListQuery(db, q, scope, sqlDate(today)).countQuery(), "clients"),
  });
}

/**
 * A frequent word's page, walked (`walksTheSortIndex`): "ehpad" is in a fifth of the clients, and a page of
 * them in name order passes over about a thousand others, read from the sort's index, which carries the search
 * text. Prepared per shape (sort, page size, number of words), the words its parameters: planned for each call's
 * words, a search cost the server and the database more than the walk (docs/performance.md). A rarer word stays
 * planned for its value, where the trigram index may serve.
 */
async function walkedPage(db: Executor, q: ClientListQuery, today: IsoDate) {
  const words = searchWords(q.search);
  const shape = [q.sort?.key ?? "raisonSocial", q.sort?.direction ?? "asc", q.pageSize, words.length].join(":");
  const prepare = (name: string) =>
    pageStatement(
      db,
      q,
      { kind: "all" },
      sql`${sql.placeholder("today")}::date`,
      pageSizeSql(q.pageSize),
      offsetParam(),
      {
        withTotal: false,
        walk: true,
      },
    ).prepare(name);
  return await preparedWalks(db, shape, prepare).execute({
    today,
    offset: offsetOf(q),
    ...Object.fromEntries(words.map((word, i) => [`w${i}`, word])),
  });
}

const preparedWalks = preparedByShape<ReturnType<typeof preparePage>>("client_walk_page");

/** The size of the unfiltered list (`walksTheSortIndex`): the count the database keeps when no page was read. */
const sizes = listSizes(async (db) => {
  const [kept] = await db.select({ n: listCounts.n }).from(listCounts).where(eq(listCounts.list, "clients"));
  return Number(kept?.n ?? 0);
});

const searchedTotals = versionedTotals();

/**
 * One statement: the page's ids (an index walk that reads no row it skips), their kept rows joined into one
 * JSON array in the list's order, and the total, an uncorrelated subquery of the aggregate, there even for a
 * page past the last.
 */
function pageStatement(
  db: Executor,
  q: ClientListQuery,
  scope: RecordScope,
  today: SQL,
  limit: number | SQL,
  offset: number | SQL,
  versioned?: { withTotal: boolean; walk?: boolean },
) {
  const { ids, countQuery, order } = clientListQuery(db, q, scope, today, versioned?.walk);
  // drizzle types LIMIT and OFFSET as numbers or placeholders but writes any SQL it is given.
  const page = db.$with("client_page").as(
    ids()
      .limit(limit as number)
      .offset(offset as number),
  );
  return db
    .with(page)
    .select({
      items: jsonTextsArray(clients.listRow, order),
      // A versioned statement (a search) reads the version, and counts only when asked.
      ...totalWithVersion(countQuery(), "clients", versioned),
    })
    .from(clients)
    .where(inArray(clients.id, db.select({ id: page.id }).from(page)));
}

/**
 * The page statement of a shape (filter, sort key, direction, page size), built once per database and
 * prepared (lib/prepared-by-shape.ts). The date and the offset are its parameters, but for the filters
 * on the evaluation date: there the date is in the text, and the statement prepared again each day. As a
 * parameter, the cached plan guessed a third of the clients on either side of an unknown date, read them
 * by the open-evaluation index and sorted them by name (17 ms on the scale base), where the real date
 * keeps a fifth, better read in name order from the name's index (1 ms).
 *
 * Written so that PostgreSQL plans it once, not on every call: the page size is in the text and the
 * offset is read through a subquery. With both as plain parameters, each execution was planned again
 * with its values (a "custom plan", 0.5 ms, as long as running it), because a plan for an unknown
 * offset is estimated dearer than one for offset 0, so the cached plan never won. As `(select $n)`
 * the offset is unknown to every plan alike, and after five runs the cached one is kept: pgbench on the
 * scale base, 870 → 2,080 pages a second on one connection (docs/performance.md).
 */
const preparedPages = preparedByShape<ReturnType<typeof preparePage>>("client_list_page");

const DATED_FILTERS = new Set<ClientListQuery["filter"]>(["EVALUATION_DATE", "AUDIT_DATE_PAST"]);

function preparePage(db: Executor, q: ClientListQuery, today: SQL, name: string) {
  return pageStatement(db, q, { kind: "all" }, today, pageSizeSql(q.pageSize), offsetParam()).prepare(name);
}

function preparedPage(db: Executor, q: ClientListQuery, today: IsoDate) {
  const dated = DATED_FILTERS.has(q.filter);
  const shape: Array<string | number> = [
    q.filter ?? "all",
    q.sort?.key ?? "raisonSocial",
    q.sort?.direction ?? "asc",
    q.pageSize,
  ];
  if (dated) shape.push(today);
  const todaySql = dated ? dateLiteral(today) : sql`${sql.placeholder("today")}::date`;
  return preparedPages(db, shape.join(":"), (name) => preparePage(db, { ...q, search: undefined }, todaySql, name));
}

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Every row of the list (the export), batch after batch in the list's order: no cap, and memory
 * bounded by one batch plus the ids. The ids are read first, sorted, in one query that computes no
 * per-row column; each batch then reads the details of its ids only. Pages by OFFSET would make
 * PostgreSQL compute the per-row subqueries (status, multi-establishment) of every skipped row again:
 * 2.1 s of SQL for 10,000 clients, against about 0.5 s this way. The ids read first also keep the
 * export consistent: a row created or re-sorted meanwhile is neither skipped nor repeated.
 */
export async function* clientListBatches(
  db: Executor,
  q: Omit<ClientListQuery, "page" | "pageSize">,
  scope: RecordScope,
  today: IsoDate,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ClientRow[]> {
  const { where, ids, order } = clientListQuery(db, { ...q, page: 1, pageSize: batchSize }, scope, sqlDate(today));
  const ordered = (await ids()).map((r) => r.id);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const batch = ordered.slice(start, start + batchSize);
    // The rows the list shows, kept as JSON text (list_row), decoded by the driver as json; still matching
    // the list's conditions.
    const rows = await db
      .select({ row: sql<ClientRow>`${clients.listRow}::json` })
      .from(clients)
      .where(and(where, inArray(clients.id, batch)))
      .orderBy(...order);
    // Same order as the ids (the details query sorts the same way; a row deleted meanwhile is left out).
    if (rows.length) yield rows.map((r) => r.row);
  }
}

/** The list_counts keys of the views whose total the database keeps (migration 0036_client_filter_kept_counts). */
const KEPT_TOTALS: Partial<Record<NonNullable<ClientListQuery["filter"]>, string>> = {
  all: "clients",
  NO_EVALUATION_DATE: "clients:NO_EVALUATION_DATE",
  EVALUATION_FINISH: "clients:EVALUATION_FINISH",
};

/** Sort keys on columns that are never null: no NULLS LAST, so an index on (key, id) serves both directions. */
const NOT_NULL_KEYS = new Set<ClientSortKey>(["raisonSocial", "createdAt"]);

/**
 * `today` is a date expression: a value, or a placeholder in a prepared statement. `walk`: a frequent word, its
 * words as the statement's parameters (w0, w1…), matched so that the planner walks the sort's index.
 */
function clientListQuery(db: Executor, q: ClientListQuery, scope: RecordScope, today: SQL, walk = false) {
  const search = walk ? containsEveryWordIn(clients.searchText, q.search, namedPlaceholder) : searchCondition(q.search);
  const where = and(
    isNotNull(clients.clientSince),
    scopeWhere(scope, { clientId: clients.id }),
    filterCondition(q.filter, today),
    search,
  );
  const sortKey = q.sort?.key ?? "raisonSocial";
  const desc = q.sort?.direction === "desc";
  const order = NOT_NULL_KEYS.has(sortKey)
    ? [sql`${SORT_EXPRESSIONS[sortKey]} ${desc ? sql`desc` : sql`asc`}`, desc ? sql`${clients.id} desc` : clients.id]
    : [sql`${SORT_EXPRESSIONS[sortKey]} ${desc ? sql`desc` : sql`asc`} nulls last`, clients.id];
  /** The ids alone, in the list's order (a page of them, or all of them for the export). */
  const ids = () =>
    db
      .select({ id: clients.id })
      .from(clients)
      .where(where)
      .orderBy(...order);
  // The totals of the unfiltered view and of the filters that do not move with the day are kept by triggers
  // (list_counts, migrations 0020 and 0036): counting their thousands of rows cost more than the rest of the page.
  const keptTotal = !search && scope.kind === "all" ? KEPT_TOTALS[q.filter ?? "all"] : undefined;
  const countQuery = () =>
    keptTotal
      ? db.select({ n: listCounts.n }).from(listCounts).where(eq(listCounts.list, keptTotal))
      : db.select({ n: countFn() }).from(clients).where(where);
  return { ids, countQuery, where, order };
}
