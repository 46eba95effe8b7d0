import { INVOICE_STATUSES, type InvoiceListQuery, type InvoiceStatus } from "@certidesk/shared";
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notExists, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  clients,
  contracts,
  invoiceLines,
  invoicePayments,
  invoiceReminders,
  invoiceSettings,
  invoices,
  legalEntities,
  listDaySql,
  listTotals,
  missions,
} from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { outerColumn } from "../../lib/outer-column.js";
import { inPage, type PageBounds, pageIds } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { boundValue, namedPlaceholder, preparedByShape, type StatementParam } from "../../lib/prepared-by-shape.js";
import { searchPatterns, searchWords } from "../../lib/search-text.js";
import { jsonTextsArray, withJsonKeys } from "../../lib/sql-json.js";
import { versionColumns, versionedValues } from "../../lib/versioned-totals.js";

export type InvoiceRowData = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLine = Omit<typeof invoiceLines.$inferInsert, "invoiceId" | "id">;

/** The contract as billing reads it, with its missions (establishment order) and its legal entity. */
export async function contractForBilling(db: Executor, contractId: string) {
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract) return null;
  const rows = await db
    .select({
      id: missions.id,
      clientId: missions.clientId,
      lastDay: missions.lastDay,
      firstDay: missions.firstDay,
      raisonSocial: clients.raisonSocial,
    })
    .from(missions)
    .innerJoin(clients, eq(clients.id, missions.clientId))
    .where(eq(missions.contractId, contractId))
    .orderBy(asc(missions.createdAt), asc(missions.id));
  return { contract, missions: rows };
}

export async function missionContractId(db: Executor, missionId: string) {
  const [row] = await db.select({ contractId: missions.contractId }).from(missions).where(eq(missions.id, missionId));
  return row?.contractId ?? null;
}

/** The buyer of an establishment's invoices: its legal entity when it has one, else the establishment. */
export async function buyerOf(db: Executor, clientId: string) {
  const [row] = await db
    .select({ client: clients, entity: legalEntities })
    .from(clients)
    .leftJoin(legalEntities, eq(legalEntities.id, clients.legalEntityId))
    .where(eq(clients.id, clientId));
  return row ?? null;
}

export const invoicesOfContract = (db: Executor, contractId: string) =>
  db.select().from(invoices).where(eq(invoices.contractId, contractId)).orderBy(asc(invoices.createdAt));

export async function insertInvoice(db: Executor, values: typeof invoices.$inferInsert, lines: NewInvoiceLine[]) {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error("invoice not created");
  await replaceLines(db, row.id, lines);
  return row;
}

export async function replaceLines(db: Executor, invoiceId: string, lines: NewInvoiceLine[]) {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length) await db.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId })));
}

export async function findInvoice(db: Executor, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function lockInvoice(db: Executor, id: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for("update");
  return row ?? null;
}

export async function updateInvoice(db: Executor, id: string, values: Partial<typeof invoices.$inferInsert>) {
  const [row] = await db
    .update(invoices)
    .set({ ...values, version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, id))
    .returning();
  if (!row) throw new Error("invoice not updated");
  return row;
}

/** Links the invoice's filed PDF, once: false when it already has one. */
export async function setDocument(db: Executor, id: string, documentId: string): Promise<boolean> {
  const linked = await db
    .update(invoices)
    .set({ documentId })
    .where(and(eq(invoices.id, id), isNull(invoices.documentId)))
    .returning({ id: invoices.id });
  return linked.length > 0;
}

/** The Chorus Pro references of an establishment (its file), which a new draft carries. */
export async function chorusReferenceOf(db: Executor, clientId: string) {
  const [row] = await db
    .select({
      buyerSiret: clients.chorusBuyerSiret,
      serviceCode: clients.chorusServiceCode,
      engagementNumber: clients.chorusEngagementNumber,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

export async function draftBalanceOfMission(db: Executor, missionId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.missionId, missionId), eq(invoices.kind, "BALANCE"), eq(invoices.status, "INVOICE_PREPARE")))
    .for("update");
  return row ?? null;
}

export const linesOf = (db: Executor, invoiceId: string) =>
  db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));

export const paymentsOf = (db: Executor, invoiceId: string) =>
  db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt));

export async function insertPayment(db: Executor, values: typeof invoicePayments.$inferInsert) {
  const [row] = await db.insert(invoicePayments).values(values).returning();
  return row;
}

/** The credit notes issued on an invoice (a whole one, or several partial ones), in number order. */
export async function creditNotesOf(db: Executor, invoiceId: string) {
  return db
    .select({ id: invoices.id, number: invoices.number, totalTtcCents: invoices.totalTtcCents })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

/** Names shown with an invoice: the establishment, the contract's number. */
export async function labelsOf(db: Executor, ids: { clientId: string; contractId: string }) {
  const [row] = await db
    .select({ clientName: clients.raisonSocial, contractNumber: contracts.number })
    .from(clients)
    .innerJoin(contracts, eq(contracts.id, ids.contractId))
    .where(eq(clients.id, ids.clientId));
  return row ?? { clientName: "", contractNumber: "" };
}

// ---- list -------------------------------------------------------------------------------------

const creditedNumber = sql<
  string | null
>`(select c.number from ${invoices} c where c.id = ${outerColumn(invoices.creditedInvoiceId)})`;

/** Sent or partly paid, and past its due date on `today` (null without a due date). */
const isOverdue = (today: SQL) =>
  sql`${invoices.status} in ('INVOICE_SEND', 'INVOICE_PARTIALLY_PAID') and ${invoices.dueDate} < ${today}`;

/** The day the list shows, filters on and sorts by (the expression of invoices_list_day_idx). */
const listDay = listDaySql(invoices);

type ListFilters = Omit<InvoiceListQuery, "status" | "page" | "pageSize" | "sort" | "direction">;

/**
 * Every word must match one of the fields: the number, the buyer's name, the establishment's name, the
 * contract's number. The database keeps them folded in one column (search_text, one field per line:
 * a word never holds a line break), indexed by trigrams, instead of folding four fields of every invoice
 * and its joined rows at each search.
 */
const searchCondition = (search: string | undefined, param: StatementParam) => {
  const words = searchPatterns(search).map((p, i) => sql`${invoices.searchText} ilike ${param(`w${i}`, p)}`);
  return words.length ? and(...words) : undefined;
};

/** The filters a value selects; `param` makes each value a parameter of a prepared statement. */
const FILTER_COLUMNS = { clientId: invoices.clientId, missionId: invoices.missionId, contractId: invoices.contractId };
const FILTER_KEYS = Object.keys(FILTER_COLUMNS) as Array<keyof typeof FILTER_COLUMNS>;

function filters(query: ListFilters, param: StatementParam = boundValue): SQL[] {
  const where: (SQL | undefined)[] = FILTER_KEYS.map((key) => {
    const value = query[key];
    return value ? eq(FILTER_COLUMNS[key], param(key, value)) : undefined;
  });
  // A draft has no issue date: the period reads its creation day.
  if (query.from) where.push(sql`${listDay} >= ${param("from", query.from)}::date`);
  if (query.to) where.push(sql`${listDay} <= ${param("to", query.to)}::date`);
  where.push(searchCondition(query.search, param));
  return where.filter((w): w is SQL => w !== undefined);
}

/** Each key is the leading column of an index (schema/invoices.ts) that also holds the tie-breakers. */
const SORTS = {
  number: invoices.number,
  issueDate: listDay,
  dueDate: invoices.dueDate,
  client: invoices.clientName,
  totalTtc: invoices.totalTtcCents,
  status: invoices.status,
} as const;

/** The list's filter and order, as the export and a bulk action's filter selection read them. */
export function listWhereAndOrder(query: Omit<InvoiceListQuery, "page" | "pageSize">) {
  const where = and(...filters(query), query.status ? eq(invoices.status, query.status) : undefined);
  const order = query.direction === "asc" ? asc : desc;
  return { where, orderBy: [order(SORTS[query.sort]), order(invoices.createdAt), asc(invoices.id)] };
}

/**
 * The list's queries. The page's ids come first, from the invoices alone (the client sort and the
 * search read what the database keeps on the invoice), each sort on an index (schema/invoices.ts): a page is an index walk instead of a sort of 100,000 joined rows. Then
 * the details of those ids, joined (the export's batches; a page is one statement, `pageStatement`).
 */
function invoiceListQuery(db: Executor, query: Omit<InvoiceListQuery, "page" | "pageSize">, today: IsoDate) {
  const { where, orderBy } = listWhereAndOrder(query);
  /** The details of the rows the ids query chose (its filters, a search above all, are not run again). */
  const rows = (chosen: string[]) =>
    db
      .select({
        invoice: invoices,
        clientName: clients.raisonSocial,
        contractNumber: contracts.number,
        creditedInvoiceNumber: creditedNumber,
        overdue: sql<boolean>`(${isOverdue(sqlDate(today))})`,
      })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .innerJoin(contracts, eq(contracts.id, invoices.contractId))
      .where(anyOf(invoices.id, chosen))
      .orderBy(...orderBy);
  /** The ids alone, in the list's order (a page of them, or all of them for the export). */
  const ids = () =>
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(where)
      .orderBy(...orderBy);
  return { rows, ids };
}
export type InvoiceListRow = Awaited<ReturnType<ReturnType<typeof invoiceListQuery>["rows"]>>[number];
type StatusTotal = { status: InvoiceStatus; count: number; ttcCents: number };

/**
 * Every row of the list for the export, batch after batch in the list's order: the ids first, then the
 * details of each batch's ids (no OFFSET pages, each recounting the list; see clientListBatches).
 */
export async function* invoiceListBatches(
  db: Executor,
  query: Omit<InvoiceListQuery, "page" | "pageSize">,
  today: IsoDate,
  batchSize = 2_000,
): AsyncGenerator<InvoiceListRow[]> {
  const { rows, ids } = invoiceListQuery(db, query, today);
  const ordered = (await ids()).map((r) => r.id);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const batch = await rows(ordered.slice(start, start + batchSize));
    if (batch.length) yield batch;
  }
}

/** What a list row shows of an invoice (the export's toRow): not its seller, terms, notes or search text. */
export type ListedInvoice = Pick<
  InvoiceRowData,
  | "id"
  | "number"
  | "kind"
  | "status"
  | "clientId"
  | "contractId"
  | "missionId"
  | "issueDate"
  | "dueDate"
  | "totalHtCents"
  | "totalTtcCents"
  | "paidCents"
  | "creditedCents"
  | "version"
> & { buyerName: string };

/**
 * The per-status totals as JSON, in the page's statement: the counters kept by the database (list_totals)
 * without a filter but the status, else one grouped count of the filtered invoices.
 */
function totalsJson(base: SQL[]) {
  const totals =
    base.length === 0
      ? sql`select ${listTotals.status} as status, ${listTotals.count} as n, ${listTotals.ttcCents} as ttc
            from ${listTotals} where ${listTotals.list} = 'invoices' and ${listTotals.count} > 0`
      : sql`select ${invoices.status} as status, count(*) as n, coalesce(sum(${invoices.totalTtcCents}), 0) as ttc
            from ${invoices} where ${and(...base)} group by ${invoices.status}`;
  // As text: every row of the page carries it (computed once), and only the first row's is decoded.
  return sql<string | null>`(select json_agg(json_build_object('status', t.status, 'count', t.n, 'ttcCents', t.ttc))
    from (${totals}) t)::text`;
}
type StatusTotalJson = { status: string; count: number | string; ttcCents: number | string };

/**
 * A list row (shared InvoiceRow) as JSON text: the row kept on the invoice (list_row, migration
 * 0052_invoice_list_row, the row's one definition) with "overdue" added, which depends on `today`, and the
 * version read now (a bulk action's conflict check).
 */
const invoiceRowText = (today: SQL): SQL<string> =>
  withJsonKeys(invoices.listRow, {
    overdue: sql`coalesce(${isOverdue(today)}, false)::text`,
    version: sql`${invoices.version}::text`,
  });

/**
 * A page in one statement (lib/page-in-one-statement.ts): the page's ids from the invoices alone (each sort
 * an index walk) as a CTE, the rows kept on those invoices as one JSON array, and the per-status totals: an
 * aggregate, so one row, even for a page past the last. Decoding, mapping and encoding fifty invoices cost the
 * server more than the statement cost PostgreSQL; so did the driver's and the ORM's work on fifty rows, each
 * carrying the totals (docs/performance.md, 28 novembre 2026, fin de soirée).
 */
function pageStatement(
  db: Executor,
  query: InvoiceListQuery,
  param: StatementParam,
  page: PageBounds & { today: SQL },
) {
  const { base, ids, items } = pageParts(db, query, param, page);
  return db
    .with(ids)
    .select({ items, totals: totalsJson(base) })
    .from(invoices)
    .where(inPage(invoices.id, ids));
}

/**
 * A searched page's statement: its rows and the invoices' version, which the per-status totals remembered for
 * the search are checked against (`searchedTotals`), instead of the totals. A frequent word's totals ("ehpad", a
 * quarter of 100,000 invoices) cost 130 ms to count at every page (docs/performance.md).
 */
function searchedPageStatement(db: Executor, query: InvoiceListQuery, page: PageBounds & { today: SQL }) {
  const { ids, items } = pageParts(db, query, boundValue, page);
  return db
    .with(ids)
    .select({ items, ...versionColumns("invoices") })
    .from(invoices)
    .where(inPage(invoices.id, ids));
}

/** What a page statement is made of: the filters but the status, the page's ids (a CTE), its rows as one text. */
function pageParts(db: Executor, query: InvoiceListQuery, param: StatementParam, page: PageBounds & { today: SQL }) {
  const base = filters(query, param);
  // The status in the text, not a parameter (it is part of the shape): a rare one (the drafts) is read from
  // the status's index, where a cached plan for any status walked the sort's index (8 ms a page).
  const where = and(...base, query.status ? eq(invoices.status, statusLiteral(query.status)) : undefined);
  const order = query.direction === "asc" ? asc : desc;
  const orderBy = [order(SORTS[query.sort]), order(invoices.createdAt), asc(invoices.id)];
  const ids = pageIds(db, "invoice_page", invoices.id, where, orderBy, page);
  return { base, ids, items: jsonTextsArray(invoiceRowText(page.today), orderBy) };
}

/**
 * The per-status totals of a searched view (its filters and words; not its status, which the totals are per),
 * remembered while the invoices do not change (lib/versioned-totals.ts). An invoice's searched fields are kept on
 * it (search_text: an establishment renamed, a contract renumbered write its invoices), so the invoices' version
 * moves with every change a search can see.
 */
const searchedTotals = versionedValues<string>("[]");

const preparedPages = preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("invoice_list_page");

function statusLiteral(status: InvoiceStatus): SQL {
  if (!(INVOICE_STATUSES as readonly string[]).includes(status)) throw new Error(`unknown status ${status}`);
  return sql.raw(`'${status}'`);
}

/**
 * A page of invoices: a statement prepared per shape (filters set, search words, status, sort, page size);
 * a search's page runs as a plain statement, planned for its words (a trigram index or not, by frequency), its
 * per-status totals remembered while the invoices do not change.
 */
export async function listInvoices(db: Executor, query: InvoiceListQuery, today: IsoDate) {
  const patterns = searchPatterns(query.search);
  const shape = [
    ...FILTER_KEYS.map((key) => Boolean(query[key])),
    Boolean(query.from),
    Boolean(query.to),
    query.status ?? "",
    query.sort,
    query.direction,
    query.pageSize,
  ].join(":");
  const prepare = (name: string) =>
    pageStatement(db, query, namedPlaceholder, {
      limit: pageSizeSql(query.pageSize),
      offset: offsetParam(),
      today: sql`${sql.placeholder("today")}::date`,
    }).prepare(name);
  const bounds = { limit: query.pageSize, offset: offsetOf(query), today: sqlDate(today) };
  const page =
    patterns.length === 0
      ? (
          await preparedPages(db, shape, prepare).execute({
            ...Object.fromEntries(FILTER_KEYS.map((key) => [key, query[key]])),
            from: query.from,
            to: query.to,
            today,
            offset: offsetOf(query),
          })
        )[0]
      : await searchedPage(db, query, bounds);
  const totals: StatusTotal[] = (JSON.parse(page?.totals ?? "[]") as StatusTotalJson[]).map((t) => ({
    status: t.status as InvoiceStatus,
    count: Number(t.count),
    ttcCents: Number(t.ttcCents),
  }));
  const total = query.status
    ? (totals.find((t) => t.status === query.status)?.count ?? 0)
    : totals.reduce((n, t) => n + t.count, 0);
  return { items: page?.items ?? "[]", total, totals };
}

/** A searched page with its per-status totals, remembered per search while the invoices do not change. */
async function searchedPage(db: Executor, query: InvoiceListQuery, bounds: PageBounds & { today: SQL }) {
  const [page] = await searchedPageStatement(db, query, bounds);
  const { clientId, missionId, contractId, from, to } = query;
  const key = JSON.stringify([clientId, missionId, contractId, from, to, searchWords(query.search)]);
  const totals = await searchedTotals.get(db, key, {
    version: async () => (page ? [page] : []),
    compute: async () =>
      (
        await db
          .select({ value: totalsJson(filters(query)), ...versionColumns("invoices") })
          .from(sql`(select 1) as one`)
      ).map((r) => ({ ...r, value: r.value ?? "[]" })),
  });
  return { items: page?.items ?? "[]", totals };
}

/** An establishment's issued invoices and credit notes, newest first (the client portal). */
/**
 * The invoices and credit notes a client user reads (invoiceResource's scope): their establishment's, issued.
 * The portal lists them; the global search finds them.
 */
export const issuedToClient = (clientId: string): SQL =>
  and(eq(invoices.clientId, clientId), ne(invoices.status, "INVOICE_PREPARE")) as SQL;

export async function issuedOfClient(db: Executor, clientId: string) {
  return db
    .select()
    .from(invoices)
    .where(issuedToClient(clientId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

/** Issued invoices and credit notes of a period, in number order (the sales journal). */
// ---- reminders --------------------------------------------------------------------------------

/**
 * Unpaid invoices sent to the client whose due date is at least `afterDays` ago, counted from the day the
 * invoice was sent when it left after its due date, and that have not had that reminder yet. An invoice
 * issued but never sent is never reminded: the client has not received it.
 */
export function dueForReminder(db: Executor, afterDays: number, today: IsoDate) {
  return db
    .select({ invoice: invoices, clientName: clients.raisonSocial })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        inArray(invoices.status, ["INVOICE_SEND", "INVOICE_PARTIALLY_PAID"]),
        ne(invoices.kind, "CREDIT_NOTE"),
        isNotNull(invoices.sentAt),
        sql`greatest(${invoices.dueDate}, (${invoices.sentAt} at time zone 'Europe/Paris')::date) + ${afterDays}::int <= ${sqlDate(today)}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(invoiceReminders)
            .where(and(eq(invoiceReminders.invoiceId, invoices.id), eq(invoiceReminders.afterDays, afterDays))),
        ),
      ),
    )
    .orderBy(asc(invoices.dueDate))
    .limit(100);
}

/** Claims a reminder: true for the one server whose insert wins (the unique key settles a race). */
export async function claimReminder(db: Executor, invoiceId: string, afterDays: number, at: Date) {
  const rows = await db
    .insert(invoiceReminders)
    .values({ invoiceId, afterDays, sentAt: at })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId });
  return rows.length === 1;
}

export async function setReminderMail(db: Executor, invoiceId: string, afterDays: number, mailId: string) {
  await db
    .update(invoiceReminders)
    .set({ mailId })
    .where(and(eq(invoiceReminders.invoiceId, invoiceId), eq(invoiceReminders.afterDays, afterDays)));
}

// ---- settings ---------------------------------------------------------------------------------

export async function settings(db: Executor) {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(invoiceSettings).values({ id: 1 }).onConflictDoNothing().returning();
  if (created) return created;
  const [again] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  if (!again) throw new Error("invoice settings missing");
  return again;
}

/** The list rows of these invoices, in the list's default order (the XLSX export of a ticked selection). */
export const invoiceRowsOf = (db: Executor, ids: string[], today: IsoDate) =>
  invoiceListQuery(db, { sort: "issueDate", direction: "desc" }, today).rows(ids);
