import type { GESTIONNAIRE_SORT_KEYS, GestionnaireRow } from "@certidesk/shared";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { contactJson } from "../../lib/contact-summary.js";
import { inPage, type PageBounds, pageIds, totalColumn } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { preparedByShape } from "../../lib/prepared-by-shape.js";
import { searchPatterns, storedTextLike } from "../../lib/search-text.js";
import { isoTimestamp, jsonArrayText, jsonObject, jsonPageOf } from "../../lib/sql-json.js";

export interface GestionnaireListQuery {
  search?: string;
  page: number;
  pageSize: number;
  sortKey: (typeof GESTIONNAIRE_SORT_KEYS)[number];
  direction: "asc" | "desc";
}

/**
 * The list's sort keys, all on gestionnaires: the counts are columns kept by triggers (migration
 * `lists_at_scale`), the same numbers three subqueries per row computed before.
 */
const SORTS: Record<GestionnaireListQuery["sortKey"], SQL | unknown> = {
  raisonSocial: gestionnaires.listNameKey,
  city: gestionnaires.city,
  establishments: gestionnaires.establishmentCount,
  createdAt: gestionnaires.createdAt,
};

/**
 * A list row (shared GestionnaireRow) as JSON built by the database (lib/sql-json.ts), on gestionnaires
 * joined to their main contact (`withMainContact`): the counts are columns kept by triggers.
 */
const gestionnaireRowJson = jsonObject({
  id: gestionnaires.id,
  raisonSocial: gestionnaires.raisonSocial,
  siren: gestionnaires.siren,
  postalCode: gestionnaires.postalCode,
  city: gestionnaires.city,
  email: gestionnaires.email,
  phone: gestionnaires.phone,
  legalEntities: gestionnaires.legalEntityCount,
  establishments: gestionnaires.establishmentCount,
  clients: gestionnaires.clientCount,
  contact: contactJson.summary,
  contactName: contactJson.name,
  createdAt: isoTimestamp(gestionnaires.createdAt),
  version: gestionnaires.version,
});

/** A query on gestionnaires joined to their main contact, what a row shows beside the gestionnaire. */
const withMainContact = <Query extends PgSelect>(query: Query) =>
  query.leftJoin(contacts, and(eq(contacts.gestionnaireId, gestionnaires.id), eq(contacts.isMain, true)));

/**
 * A page in one statement (lib/page-in-one-statement.ts): the page's ids from gestionnaires alone (each sort
 * an index walk, the search on the stored search text) as a CTE, those rows with their main contact, the total.
 */
function pageStatement(db: Executor, q: GestionnaireListQuery, page: PageBounds) {
  const words = searchPatterns(q.search).map((_pattern, i) =>
    storedTextLike(gestionnaires.searchText, sql.placeholder(`w${i}`)),
  );
  const where = words.length ? and(...words) : undefined;
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  // Only the city may be null: NULLS LAST elsewhere would keep the name's index from serving the sort.
  const nulls = q.sortKey === "city" ? sql` nulls last` : sql``;
  const order = [sql`${SORTS[q.sortKey]} ${direction}${nulls}`, gestionnaires.id];
  const ids = pageIds(db, "gestionnaire_page", gestionnaires.id, where, order, page);
  const total = totalColumn(db.select({ n: count() }).from(gestionnaires).where(where));
  const query = db
    .with(ids)
    .select({ items: jsonArrayText(gestionnaireRowJson, order), total })
    .from(gestionnaires)
    .$dynamic();
  return withMainContact(query).where(inPage(gestionnaires.id, ids));
}

const preparedPages =
  preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("gestionnaire_list_page");

/**
 * A page of managing organisations, its rows as one JSON array: a statement prepared per shape (search
 * words, sort, page size); the total is there even for a page past the last.
 */
export async function listGestionnaires(
  db: Executor,
  q: GestionnaireListQuery,
): Promise<{ items: string; total: number }> {
  const patterns = searchPatterns(q.search);
  const shape = [patterns.length, q.sortKey, q.direction, q.pageSize].join(":");
  const prepare = (name: string) =>
    pageStatement(db, q, { limit: pageSizeSql(q.pageSize), offset: offsetParam() }).prepare(name);
  return jsonPageOf(
    await preparedPages(db, shape, prepare).execute({
      ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])),
      offset: offsetOf(q),
    }),
  );
}

/** A managing organisation: its list row (decoded by the driver) and every column the detail reads. */
export async function findGestionnaire(db: Executor, id: string) {
  const query = db
    .select({ row: sql<GestionnaireRow>`${gestionnaireRowJson}`, gestionnaire: gestionnaires })
    .from(gestionnaires)
    .$dynamic();
  const [found] = await withMainContact(query).where(eq(gestionnaires.id, id));
  return found;
}

/** The legal entities of a managing organisation and their establishments (two queries). */
export async function entitiesAndEstablishments(db: Executor, gestionnaireId: string) {
  const entities = await db
    .select()
    .from(legalEntities)
    .where(eq(legalEntities.gestionnaireId, gestionnaireId))
    .orderBy(asc(legalEntities.raisonSocial));
  const ids = entities.map((e) => e.id);
  const establishments = ids.length
    ? await db.select().from(clients).where(inArray(clients.legalEntityId, ids)).orderBy(asc(clients.raisonSocial))
    : [];
  return { entities, establishments };
}

export const contactsOfGestionnaire = (db: Executor, gestionnaireId: string) =>
  db.select().from(contacts).where(eq(contacts.gestionnaireId, gestionnaireId));

export async function insertGestionnaire(tx: Executor, values: typeof gestionnaires.$inferInsert) {
  const [created] = await tx.insert(gestionnaires).values(values).returning();
  return created;
}

export async function findGestionnaireRow(db: Executor, id: string) {
  const [row] = await db.select().from(gestionnaires).where(eq(gestionnaires.id, id));
  return row;
}

export const gestionnaireOptions = (db: Executor) =>
  db
    .select({ value: gestionnaires.id, label: gestionnaires.raisonSocial })
    .from(gestionnaires)
    .orderBy(asc(gestionnaires.raisonSocial))
    .limit(500);
