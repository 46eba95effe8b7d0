import { type ProspectRow, type ProspectSortKey, RECEVABILITY_CHECKLIST } from "@certidesk/shared";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contacts,
  contracts,
  documents,
  legalEntities,
  quotes,
  recevabilityDocuments,
  recevabilityReviews,
  requestClients,
  requestEstablishments,
  requestTabCounts,
} from "../../db/schema/index.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import {
  containsEveryWordIn,
  foldedSql,
  listSizes,
  matchEveryWord,
  matchEveryWordIn,
  searchWords,
  storedTextLike,
  walksTheSortIndex,
} from "../../lib/search-text.js";
import { jsonPageOf, jsonTextsArray } from "../../lib/sql-json.js";
import { totalWithVersion, type VersionedRow, versionedCount, versionedTotals } from "../../lib/versioned-totals.js";

export type ProspectListKind = "all" | "EnCours" | "REFUSE" | "ARCHIVE";
export interface ProspectQuery {
  search?: string;
  page: number;
  pageSize: number;
  sortKey: ProspectSortKey;
  direction: "asc" | "desc";
}

/**
 * The list's sort keys, all on request_clients: the name, first establishment and contact are derived columns
 * kept by triggers (migration `lists_at_scale`), the same values the list computed per row before. Each has
 * an index in the list's order, ties by reference descending.
 */
const SORTS: Record<ProspectSortKey, SQL | unknown> = {
  reference: requestClients.reference,
  raisonSocial: requestClients.listNameKey,
  postalCode: requestClients.firstPostalCode,
  contactName: requestClients.listContactKey,
  service: requestClients.service,
  status: requestClients.status,
  dateRelance: requestClients.dateRelance,
  createdAt: requestClients.receivedAt,
};
/** Keys never null: no NULLS LAST (the same order), so that the index's order is the list's. */
const NULLABLE_SORTS = new Set<ProspectSortKey>(["postalCode", "dateRelance"]);

/** The tabs (request_clients.list_tab) of each list: "all" is the open and the refused requests. */
const TABS: Record<ProspectListKind, string[]> = {
  EnCours: ["OPEN"],
  REFUSE: ["REFUSE"],
  ARCHIVE: ["ARCHIVE"],
  all: ["OPEN", "REFUSE"],
};

/** What a row and the detail show of a quote (shared quoteSummarySchema). */
const quoteSummaryColumns = {
  id: quotes.id,
  number: quotes.number,
  revision: quotes.revision,
  status: quotes.status,
  totalTTC: quotes.totalTTC,
};

/**
 * A page of prospects in one statement (lib/page-in-one-statement.ts): the page's ids from request_clients
 * alone (every sort key, the tab and the search are its columns), the rows of those requests, each kept as
 * JSON text on the request (list_row, migration 0037_prospect_list_row), and the total. Six round trips before;
 * at fifty users each one's write, parse and plan cost more than the rows (docs/performance.md). A tab's
 * page is a walk of the index (list_tab, sort key, reference); "all" merges the walks of its two tabs.
 */
export async function listProspects(
  db: Executor,
  kind: ProspectListKind,
  q: ProspectQuery,
): Promise<{ items: string; total: number }> {
  const offset = offsetOf(q);
  // Without a search (nearly every call), a statement prepared once per shape (lib/prepared-by-shape.ts).
  if (searchWords(q.search).length === 0) {
    const page = jsonPageOf(
      await preparedPages(db, [kind, q.sortKey, q.direction, q.pageSize].join(":"), (name) =>
        pageStatement(db, kind, q, preparedBounds(q)).prepare(name),
      ).execute({ offset, upTo: offset + q.pageSize }),
    );
    sizes.seen(db, kind, page.total);
    return page;
  }
  const bounds = { offset, upTo: offset + q.pageSize, limit: q.pageSize };
  return await searchedTotals.page(db, searchKey(kind, q), {
    page: async (withTotal, remembered) => {
      const walk = walksTheSortIndex(remembered, await sizes.of(db, kind), bounds.upTo);
      const rows = walk
        ? await walkedPage(db, kind, q, offset)
        : await pageStatement(db, kind, q, bounds, { withTotal });
      return rows as VersionedRow<{ items: string; total: number | null }>[];
    },
    count: async () => await versionedCount(db, countSql(kind, q.search), "request_clients"),
  });
}

/**
 * A frequent word's page, walked (`walksTheSortIndex`): a statement prepared per shape, the words its
 * parameters, as the list's other pages are: planned at each call, it weighed the requests' eighteen indexes
 * for each tab, 0.7 ms of its 8.5 ("tilleuls", docs/performance.md, 28 novembre, après-midi).
 * A walk is only chosen with a remembered total, so the statement never counts. A rarer word stays a
 * statement planned for its value: the planner chooses between the trigram index and a walk by its estimate.
 */
async function walkedPage(db: Executor, kind: ProspectListKind, q: ProspectQuery, offset: number) {
  const words = searchWords(q.search);
  const shape = [kind, q.sortKey, q.direction, q.pageSize, words.length].join(":");
  return await preparedWalks(db, shape, (name) =>
    pageStatement(db, kind, q, preparedBounds(q), { withTotal: false, walk: true, param: namedPlaceholder }).prepare(
      name,
    ),
  ).execute({ offset, upTo: offset + q.pageSize, ...Object.fromEntries(words.map((word, i) => [`w${i}`, word])) });
}

/** A prepared page's bounds: the offset and its end as parameters, the page size in the statement's shape. */
const preparedBounds = (q: ProspectQuery) => ({
  offset: offsetParam(),
  upTo: offsetParam("upTo"),
  limit: pageSizeSql(q.pageSize),
});

/**
 * A searched list's total, remembered while request_clients does not change (lib/versioned-totals.ts): a
 * frequent word counted thousands of requests on every page.
 */
const searchedTotals = versionedTotals();

/** The size of each list (`walksTheSortIndex`): its tabs' kept counts when no page without a search was read. */
const sizes = listSizes<ProspectListKind>(async (db, kind) => {
  const [read] = await db.select({ n: sql<string>`(${countSql(kind, undefined)})` }).from(sql`(select 1) as one`);
  return Number(read?.n ?? 0);
});

/** What the count reads: the tabs and the words as typed (a word typed otherwise is another key, as right). */
const searchKey = (kind: ProspectListKind, q: ProspectQuery) => `${kind}\u0000${searchWords(q.search).join("\u0000")}`;

const preparedPages = preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("prospect_list_page");
const preparedWalks = preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("prospect_walk_page");

/** The count of a list: without a search, the tabs' counts kept by triggers (migration `lists_at_scale`). */
function countSql(kind: ProspectListKind, words: string | undefined) {
  const search = matchEveryWordIn(requestClients.searchText, words);
  const tabList = sql`${sql.param(TABS[kind])}::text[]`;
  return search
    ? sql`select count(*) as n from ${requestClients} where list_tab = any(${tabList}) and ${search}`
    : sql`select coalesce(sum(${requestTabCounts.n}), 0) as n from ${requestTabCounts} where list_tab = any(${tabList})`;
}

/**
 * The page's statement: each tab's first `upTo` (offset + page size) rows in the list's order, merged, then
 * the page among them with its sort key, as a CTE; the kept rows as one JSON array in that order, and the total, an
 * uncorrelated subquery of the aggregate, there even for a page past the last.
 */
function pageStatement(
  db: Executor,
  kind: ProspectListKind,
  q: ProspectQuery,
  page: { offset: number | SQL; upTo: number | SQL; limit: number | SQL },
  versioned?: { withTotal: boolean; walk?: boolean; param?: StatementParam },
) {
  // A frequent word (walksTheSortIndex) matched so that the planner walks each tab's sort index.
  const search = versioned?.walk
    ? containsEveryWordIn(requestClients.searchText, q.search, versioned.param)
    : matchEveryWordIn(requestClients.searchText, q.search);
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const nulls = NULLABLE_SORTS.has(q.sortKey) ? sql` nulls last` : sql``;
  const order = (key: unknown) => sql`${key} ${direction}${nulls}, reference desc`;
  const inTab = (tab: string) =>
    sql`select id, reference, ${SORTS[q.sortKey]} as k from ${requestClients} where list_tab = ${tab}${search ? sql` and ${search}` : sql``}`;
  // The tabs' walks merged in the list's order and cut to the page: the merge reads no more rows than the page's
  // end. Numbering them first (row_number, then a sort on that number) made each tab walk to its own `upTo` rows
  // ("tilleuls": 528 requests passed over in a second tab whose rows the page did not show).
  const ids = sql`select id, k, reference from (${sql.join(
    TABS[kind].map((tab) => sql`(${inTab(tab)} order by ${order(SORTS[q.sortKey])} limit ${page.upTo})`),
    sql` union all `,
  )}) merged order by ${order(sql`k`)} limit ${page.limit} offset ${page.offset}`;
  const chosen = db
    .$with("prospect_page", { id: sql<string>`id`, k: sql<unknown>`k`, reference: sql<string>`reference` })
    .as(ids);
  const pageColumn = (name: "id" | "k" | "reference") =>
    sql`${sql.identifier("prospect_page")}.${sql.identifier(name)}`;
  return db
    .with(chosen)
    .select({
      items: jsonTextsArray(requestClients.listRow, [
        sql`${pageColumn("k")} ${direction}${nulls}`,
        sql`${pageColumn("reference")} desc`,
      ]),
      // A versioned statement (a search) reads the version, and counts only when asked.
      ...totalWithVersion(countSql(kind, q.search), "request_clients", versioned),
    })
    .from(requestClients)
    .innerJoin(chosen, sql`${pageColumn("id")} = ${requestClients.id}`);
}

/** One request as a list row (its kept list_row, decoded by the driver) with what its detail reads; null when there is none. */
export async function findProspect(db: Executor, id: string) {
  const [found] = await db
    .select({
      row: sql<ProspectRow>`${requestClients.listRow}::json`,
      legalEntityId: requestClients.legalEntityId,
      service: requestClients.service,
      status: requestClients.status,
      archivedAt: requestClients.archivedAt,
      receivedAt: requestClients.receivedAt,
      wishedPeriod: requestClients.wishedPeriod,
      notes: requestClients.notes,
      contactId: requestClients.contactId,
      trainingOrganisation: requestClients.trainingOrganisation,
    })
    .from(requestClients)
    .where(eq(requestClients.id, id));
  return found ?? null;
}

/** What a request's detail shows beside its row: every establishment, every quote, the current contract. */
export async function detailExtras(db: Executor, requestId: string) {
  const [establishments, quoteRows, contractRows] = await Promise.all([
    db
      .select({
        id: clients.id,
        raisonSocial: clients.raisonSocial,
        finess: clients.finess,
        address: clients.address,
        postalCode: clients.postalCode,
        city: clients.city,
        category: clients.category,
        clientSince: clients.clientSince,
      })
      .from(requestEstablishments)
      .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
      .where(eq(requestEstablishments.requestId, requestId))
      .orderBy(clients.raisonSocial, clients.id),
    // The columns a row and the detail show, not the whole quote (24 columns decoded for each).
    db
      .select({ ...quoteSummaryColumns, createdAt: quotes.createdAt, sentAt: quotes.sentAt })
      .from(quotes)
      .where(eq(quotes.requestId, requestId))
      .orderBy(desc(quotes.createdAt), desc(quotes.revision)),
    db
      .select({ id: contracts.id, number: contracts.number, status: contracts.status })
      .from(contracts)
      .where(and(eq(contracts.requestId, requestId), ne(contracts.status, "CANCELLED")))
      .orderBy(desc(contracts.createdAt)),
  ]);
  return { establishments, quotes: quoteRows, contracts: contractRows };
}
export type DetailExtras = Awaited<ReturnType<typeof detailExtras>>;

export async function legalEntityExists(db: Executor, id: string) {
  const [entity] = await db.select({ id: legalEntities.id }).from(legalEntities).where(eq(legalEntities.id, id));
  return !!entity;
}

export async function findLegalEntity(db: Executor, id: string) {
  const [entity] = await db.select().from(legalEntities).where(eq(legalEntities.id, id));
  return entity;
}

/** How many of the establishments belong to the legal entity. */
export async function countEstablishmentsOf(db: Executor, legalEntityId: string, clientIds: string[]) {
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, clientIds), eq(clients.legalEntityId, legalEntityId)));
  return found.length;
}

/** Whether the contact belongs to one of the establishments or to the legal entity. */
export async function contactBelongs(db: Executor, contactId: string, legalEntityId: string, clientIds: string[]) {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.id, contactId),
        or(inArray(contacts.clientId, clientIds), eq(contacts.legalEntityId, legalEntityId)),
      ),
    );
  return !!contact;
}

/** The contacts of a request: its legal entity's and its establishments'. */
export const contactsOfRequest = (db: Executor, legalEntityId: string, clientIds: string[]) =>
  db
    .select()
    .from(contacts)
    .where(
      or(
        eq(contacts.legalEntityId, legalEntityId),
        clientIds.length ? inArray(contacts.clientId, clientIds) : undefined,
      ),
    )
    .orderBy(asc(contacts.lastName));

/** A certification request's recevability review, with the checklist unticked (kept if it exists). */
export async function ensureReview(tx: Executor, requestId: string) {
  await tx
    .insert(recevabilityReviews)
    .values({ requestId, checklist: RECEVABILITY_CHECKLIST.map((i) => ({ ...i, checked: false })) })
    .onConflictDoNothing();
}

export async function setStatusWithoutVersion(tx: Executor, requestId: string, status: string) {
  await tx.update(requestClients).set({ status }).where(eq(requestClients.id, requestId));
}

export async function replaceEstablishments(tx: Executor, requestId: string, clientIds: string[]) {
  await tx.delete(requestEstablishments).where(eq(requestEstablishments.requestId, requestId));
  await tx.insert(requestEstablishments).values(clientIds.map((clientId) => ({ requestId, clientId })));
}

/** Establishments to open a request on: every search word matches; no search lists the prospects. */
export const establishmentOptionRows = (db: Executor, search: string | undefined) =>
  db
    .select({
      id: clients.id,
      raisonSocial: clients.raisonSocial,
      finess: clients.finess,
      city: clients.city,
      legalEntityId: clients.legalEntityId,
      legalEntityRaisonSocial: legalEntities.raisonSocial,
      clientSince: clients.clientSince,
    })
    .from(clients)
    .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
    .where(
      // Among the matches of the establishments' search text (trigrams; it holds all three fields, folded),
      // the name from its stored key: folding 10,000 names at each keystroke cost 170 ms.
      matchEveryWord(search, (pattern) =>
        and(
          storedTextLike(clients.searchText, pattern),
          or(
            storedTextLike(clients.listNameKey, pattern),
            ilike(foldedSql(sql`coalesce(${legalEntities.raisonSocial}, '')`), pattern),
            ilike(sql`coalesce(${clients.finess}, '')`, pattern),
          ),
        ),
      ) ?? isNull(clients.clientSince),
    )
    .orderBy(asc(clients.raisonSocial))
    .limit(50);

export async function findRequestRow(db: Executor, id: string) {
  const [request] = await db.select().from(requestClients).where(eq(requestClients.id, id));
  return request;
}

export async function findReview(db: Executor, requestId: string) {
  const [review] = await db.select().from(recevabilityReviews).where(eq(recevabilityReviews.requestId, requestId));
  return review;
}

export const reviewFiles = (db: Executor, requestId: string) =>
  db
    .select({ id: documents.id, name: documents.name })
    .from(recevabilityDocuments)
    .innerJoin(documents, eq(documents.id, recevabilityDocuments.documentId))
    .where(eq(recevabilityDocuments.requestId, requestId))
    .orderBy(asc(documents.createdAt));

/** The first establishment of a request (its documents are kept with that client). */
export async function firstEstablishmentOf(db: Executor, requestId: string) {
  const [first] = await db
    .select({ id: clients.id })
    .from(requestEstablishments)
    .innerJoin(clients, eq(clients.id, requestEstablishments.clientId))
    .where(eq(requestEstablishments.requestId, requestId))
    .orderBy(asc(clients.raisonSocial))
    .limit(1);
  return first;
}

export async function linkRecevabilityDocument(tx: Executor, requestId: string, documentId: string) {
  await tx.insert(recevabilityDocuments).values({ requestId, documentId });
}

/** The request's step after its recevability decision (inside the decision's transaction). */
export async function setRequestStep(
  tx: Executor,
  requestId: string,
  values: { status: string; refusalReason: string | null; now: Date },
) {
  await tx
    .update(requestClients)
    .set({
      status: values.status,
      refusalReason: values.refusalReason,
      version: sql`${requestClients.version} + 1`,
      updatedAt: values.now,
    })
    .where(eq(requestClients.id, requestId));
}
