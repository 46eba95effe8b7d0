import type { MailRow } from "@certidesk/shared";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contacts, mailAttachments, mailOutbox, users } from "../../db/schema/index.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { parisDayEnd, parisDayStart } from "../../lib/paris-day-sql.js";
import { boundValue, namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import {
  containsEveryWordIn,
  listSizes,
  matchEveryWord,
  searchPatterns,
  searchWords,
  storedTextLike,
  walksTheSortIndex,
} from "../../lib/search-text.js";
import { jsonObject, jsonTextsArray, withJsonKey } from "../../lib/sql-json.js";
import {
  readVersion,
  totalWithVersion,
  type VersionedRow,
  versionColumns,
  versionedCount,
  versionedTotals,
  versionedValues,
} from "../../lib/versioned-totals.js";

export interface MailListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: string;
  clientId?: string;
  missionId?: string;
  templateCode?: string;
  from?: string;
  to?: string;
  sort: "createdAt" | "subject" | "status" | "sentAt";
  direction: "asc" | "desc";
}

const SORTS = {
  createdAt: mailOutbox.createdAt,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
};

/**
 * Every word in the subject, a recipient or the establishment's name: the mail's kept search text (migration
 * 0059_mail_search_text_kept), read without joining the establishment. `walk`: a frequent word, matched so
 * that the planner walks the sort's index (`walksTheSortIndex`).
 */
function mailSearch(search: string | undefined, param: StatementParam, walk: boolean) {
  if (walk) return containsEveryWordIn(mailOutbox.searchText, search, param);
  const conditions = searchPatterns(search).map((pattern, i) =>
    storedTextLike(mailOutbox.searchText, param(`w${i}`, pattern)),
  );
  return conditions.length ? and(...conditions) : undefined;
}

export type MailFilterQuery = Omit<MailListQuery, "page" | "pageSize" | "sort" | "direction">;

const FILTER_COLUMNS = {
  status: mailOutbox.status,
  clientId: mailOutbox.clientId,
  missionId: mailOutbox.missionId,
  templateCode: mailOutbox.templateCode,
};
const FILTER_KEYS = Object.keys(FILTER_COLUMNS) as Array<keyof typeof FILTER_COLUMNS>;

/**
 * The list's conditions; the status counts use them without the status. The days are Paris days: both
 * bounds read by PostgreSQL in the business time zone.
 */
function mailFilters(q: MailFilterQuery, param: StatementParam = boundValue, walk = false): SQL | undefined {
  const filters: Array<SQL | undefined> = [isNull(mailOutbox.deletedAt)];
  for (const key of FILTER_KEYS) {
    const value = q[key];
    if (value) filters.push(eq(FILTER_COLUMNS[key], param(key, value)));
  }
  if (q.from) filters.push(gte(mailOutbox.createdAt, parisDayStart(param("from", q.from))));
  if (q.to) filters.push(lt(mailOutbox.createdAt, parisDayEnd(param("to", q.to))));
  filters.push(mailSearch(q.search, param, walk));
  return and(...filters);
}

/**
 * The outbox's mails for a view, counted. An outbox of tens of thousands of mails has hundreds of each word: a
 * page stops at 50 of them, its total reads every one (hence the versioned totals of `listMails`).
 */
function countStatement(db: Executor, q: MailFilterQuery, param: StatementParam) {
  return db.select({ n: count() }).from(mailOutbox).where(mailFilters(q, param));
}

/**
 * A mail's row as the list and the detail show it, as JSON text: the row kept on the mail (list_row, migration
 * 0048_mail_list_row, its one definition) with its author's name added (users.name_json, ASCII as the row),
 * which the author's rename would otherwise rewrite in thousands of rows (migration 0053_author_names_at_read).
 * On mails left-joined to users.
 */
const mailRowText = withJsonKey(mailOutbox.listRow, "createdByName", users.nameJson);

/**
 * A page of the outbox in one statement (lib/page-in-one-statement.ts): the page's ids from mail_outbox (each
 * sort an index walk over the live mails) as a CTE, those rows' kept texts as one JSON array (`mailRowText`), and
 * the lists' version with the total, counted only when asked (lib/versioned-totals.ts).
 */
function pageStatement(
  db: Executor,
  q: MailListQuery,
  param: StatementParam,
  page: { limit: number | SQL; offset: number | SQL },
  versioned: { withTotal: boolean; walk?: boolean },
) {
  const where = mailFilters(q, param, versioned.walk);
  const order = [q.direction === "asc" ? asc(SORTS[q.sort]) : desc(SORTS[q.sort]), desc(mailOutbox.id)];
  const ids = db.select({ id: mailOutbox.id }).from(mailOutbox).$dynamic();
  // drizzle types LIMIT and OFFSET as numbers or placeholders but writes any SQL it is given.
  const pageIds = db.$with("mail_page").as(
    ids
      .where(where)
      .orderBy(...order)
      .limit(page.limit as number)
      .offset(page.offset as number),
  );
  const query = db
    .with(pageIds)
    .select({
      items: jsonTextsArray(mailRowText, order),
      ...totalWithVersion(countStatement(db, q, param), COUNTED_LISTS, versioned),
    })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.createdBy))
    .$dynamic();
  return query.where(inArray(mailOutbox.id, db.select({ id: pageIds.id }).from(pageIds)));
}

/**
 * What a view counts: the outbox alone, a search too (an establishment renamed rewrites its mails' search
 * texts, so the outbox's version changes with it).
 */
const COUNTED_LISTS = "mail_outbox";

type PreparedPage = ReturnType<ReturnType<typeof pageStatement>["prepare"]>;
const preparedPages = preparedByShape<PreparedPage>("mail_list_page");
const preparedWalks = preparedByShape<PreparedPage>("mail_walk_page");
const viewTotals = versionedTotals();

/**
 * The size of a view without its search (`walksTheSortIndex`), keyed by its filters: the total a page without
 * a search gave, else counted once.
 */
const sizes = listSizes(async (db, unsearched: string) => {
  const [counted] = await countStatement(db, { ...JSON.parse(unsearched), search: undefined }, boundValue);
  return Number(counted?.n ?? 0);
});

/**
 * A page of the outbox. Every view's total is remembered while what it counts does not change
 * (lib/versioned-totals.ts): an outbox of 80,000 sent mails took 5 ms to count at each page, most of the
 * page's cost (docs/performance.md). Without a search, a statement prepared per shape (filters set, sort,
 * page size). A search is planned for its words: a generic plan guesses a few hundred matches for any word
 * and sorts them all, where "devis", in a mail of four, is best found walking the sort's index (55 ms against
 * 0.3). A word already counted frequent walks in a statement prepared per shape, its words the parameters.
 */
export async function listMails(db: Executor, q: MailListQuery): Promise<{ items: string; total: number }> {
  const patterns = searchPatterns(q.search);
  const shape = [
    ...FILTER_KEYS.map((key) => Boolean(q[key])),
    Boolean(q.from),
    Boolean(q.to),
    patterns.length,
    q.sort,
    q.direction,
    q.pageSize,
  ];
  const unsearched = {
    ...Object.fromEntries(FILTER_KEYS.map((key) => [key, q[key]])),
    from: q.from,
    to: q.to,
  };
  const filters = { ...unsearched, ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])) };
  const unsearchedKey = JSON.stringify(unsearched);
  const offset = offsetOf(q);
  const prepared = (versioned: { withTotal: boolean; walk?: boolean }) => (name: string) =>
    pageStatement(
      db,
      q,
      namedPlaceholder,
      { limit: pageSizeSql(q.pageSize), offset: offsetParam() },
      versioned,
    ).prepare(name);
  const page = async (withTotal: boolean, remembered?: number) => {
    if (patterns.length === 0)
      return await preparedPages(db, [...shape, withTotal].join(":"), prepared({ withTotal })).execute({
        ...filters,
        offset,
      });
    // A walk is only chosen with a remembered total, so it never counts.
    if (walksTheSortIndex(remembered, await sizes.of(db, unsearchedKey), offset + q.pageSize)) {
      const words = Object.fromEntries(searchWords(q.search).map((word, i) => [`w${i}`, word]));
      return await preparedWalks(db, shape.join(":"), prepared({ withTotal: false, walk: true })).execute({
        ...unsearched,
        ...words,
        offset,
      });
    }
    return await pageStatement(db, q, boundValue, { limit: q.pageSize, offset }, { withTotal });
  };
  const result = await viewTotals.page(db, JSON.stringify(filters), {
    page: async (withTotal, remembered) =>
      (await page(withTotal, remembered)) as VersionedRow<{ items: string; total: number | null }>[],
    count: async () => await versionedCount(db, countStatement(db, q, boundValue), COUNTED_LISTS),
  });
  if (patterns.length === 0) sizes.seen(db, unsearchedKey, result.total);
  return result;
}

const statusCounts = versionedValues<Array<{ status: string; n: number }>>([]);

/**
 * Mails per status for the same search, dates and client as the list (the status tabs' counts), remembered
 * like the list's totals while what they count does not change: the screen asks for them with each view.
 */
export async function countMailsByStatus(db: Executor, q: Omit<MailFilterQuery, "status">) {
  const key = [searchPatterns(q.search), q.clientId, q.missionId, q.templateCode, q.from, q.to];
  return statusCounts.get(db, JSON.stringify(key), {
    version: () => readVersion(db, COUNTED_LISTS),
    // Built only when counted: the query's building cost more than reading the version it is checked by.
    compute: () => {
      const counts = db
        .select({ status: mailOutbox.status, n: count().as("n") })
        .from(mailOutbox)
        .where(mailFilters({ ...q, status: undefined }))
        .groupBy(mailOutbox.status)
        .as("counts");
      return db
        .select({
          value: sql<Array<{ status: string; n: number }>>`(select coalesce(json_agg(${jsonObject({
            status: counts.status,
            n: counts.n,
          })}), '[]') from ${counts})`,
          ...versionColumns(COUNTED_LISTS),
        })
        .from(sql`(select 1) as one`);
    },
  });
}

/** A live mail: its list row (kept, decoded by the driver) and the whole mail (its body, its rules' fields). */
export async function findMail(db: Executor, id: string) {
  const [found] = await db
    .select({ row: sql<MailRow>`(${mailRowText})::json`, mail: mailOutbox })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.createdBy))
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.deletedAt)))
    .limit(1);
  return found ?? null;
}

/** Takes due mails for sending; SKIP LOCKED lets several API nodes share the outbox on PostgreSQL. */
export async function claimDueMails(db: Executor, limit: number): Promise<Array<{ id: string }>> {
  const result = await db.execute(sql`
    update ${mailOutbox} set status = 'SENDING', updated_at = now()
    where id in (
      select id from ${mailOutbox}
      where status in ('QUEUED', 'FAILED') and next_attempt_at <= now() and deleted_at is null
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  // node-postgres and PGlite both answer with { rows }.
  return (result as unknown as { rows: Array<{ id: string }> }).rows;
}

/** A mail left "sending" by a process that died goes back to the queue. */
export async function releaseStaleSending(db: Executor, olderThanMs: number) {
  await db
    .update(mailOutbox)
    .set({ status: "FAILED", lastError: "Envoi interrompu ; nouvel essai." })
    .where(and(eq(mailOutbox.status, "SENDING"), lt(mailOutbox.updatedAt, new Date(Date.now() - olderThanMs))));
}

/** A failed or waiting mail goes back to the queue, due now. */
export async function requeue(tx: Executor, id: string, now: Date) {
  await tx
    .update(mailOutbox)
    .set({ status: "QUEUED", nextAttemptAt: now, updatedAt: now })
    .where(eq(mailOutbox.id, id));
}

/** A sent mail copied into a new queued one, with its attachments. */
export async function copyMail(tx: Executor, mail: typeof mailOutbox.$inferSelect, userId: string, now: Date) {
  const [copy] = await tx
    .insert(mailOutbox)
    .values({
      ...mail,
      id: undefined,
      status: "QUEUED",
      attempts: 0,
      nextAttemptAt: now,
      sentAt: null,
      lastError: null,
      messageId: null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!copy) throw new Error("mail not copied");
  const attachments = await tx.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id));
  if (attachments.length)
    await tx
      .insert(mailAttachments)
      .values(attachments.map((a) => ({ mailId: copy.id, documentId: a.documentId, fileName: a.fileName })));
  return copy;
}

export async function markDeleted(tx: Executor, id: string, now: Date) {
  await tx
    .update(mailOutbox)
    .set({ deletedAt: now })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.deletedAt)));
}

/**
 * Establishments a mail may be about, with their contacts' addresses (the establishment's own and its
 * legal entity's): every word of the search in the name, city, postal code, FINESS or a contact.
 */
export async function recipientOptions(db: Executor, search: string | undefined, limit = 20) {
  // Each word read from stored, folded and lower-cased texts, served by trigrams: the establishments' search
  // text holds name, city, postal code and FINESS (the exact fields are checked among its matches), the
  // contacts' their names and addresses. Folding 10,000 names and 10,000 contacts cost 200 ms a keystroke.
  const contactsMatching = (pattern: string, owner: "client_id" | "legal_entity_id") =>
    sql`(select ${sql.raw(owner)} from ${contacts} where ${storedTextLike(contacts.searchText, pattern)} and ${sql.raw(owner)} is not null)`;
  const establishmentMatches = (pattern: string) =>
    and(
      storedTextLike(clients.searchText, pattern),
      or(
        storedTextLike(clients.listNameKey, pattern),
        storedTextLike(sql`coalesce(${clients.listCityKey}, '')`, pattern),
        ilike(sql`coalesce(${clients.postalCode}, '')`, pattern),
        ilike(sql`coalesce(${clients.finess}, '')`, pattern),
      ),
    );
  const rows = await db
    .select({
      clientId: clients.id,
      raisonSocial: clients.raisonSocial,
      city: clients.city,
      legalEntityId: clients.legalEntityId,
      isClient: sql<boolean>`${clients.clientSince} is not null`,
    })
    .from(clients)
    .where(
      matchEveryWord(search, (pattern) =>
        or(
          establishmentMatches(pattern),
          sql`${clients.id} in ${contactsMatching(pattern, "client_id")}`,
          sql`${clients.legalEntityId} in ${contactsMatching(pattern, "legal_entity_id")}`,
        ),
      ),
    )
    .orderBy(asc(clients.raisonSocial), asc(clients.id))
    .limit(limit);
  const entityIds = [...new Set(rows.flatMap((r) => (r.legalEntityId ? [r.legalEntityId] : [])))];
  const people = rows.length
    ? await db
        .select()
        .from(contacts)
        .where(
          and(
            sql`${contacts.email} is not null and ${contacts.email} <> ''`,
            or(
              inArray(
                contacts.clientId,
                rows.map((r) => r.clientId),
              ),
              entityIds.length ? inArray(contacts.legalEntityId, entityIds) : undefined,
            ),
          ),
        )
        .orderBy(desc(contacts.isMain), asc(contacts.lastName))
    : [];
  return rows.map((r) => ({
    clientId: r.clientId,
    raisonSocial: r.raisonSocial,
    city: r.city,
    isClient: Boolean(r.isClient),
    contacts: people
      .filter((p) => p.clientId === r.clientId || (p.clientId === null && p.legalEntityId === r.legalEntityId))
      .map((p) => ({ name: `${p.firstName} ${p.lastName}`, email: p.email as string, isMain: p.isMain })),
  }));
}
