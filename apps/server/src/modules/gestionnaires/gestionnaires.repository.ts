import type { GESTIONNAIRE_SORT_KEYS } from "@certidesk/shared";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { contactSummaryColumns } from "../../lib/contact-summary.js";
import { inPage, type PageBounds, pageIds, totalColumn, totalOf } from "../../lib/page-in-one-statement.js";
import { offsetOf, offsetParam, pageSizeSql } from "../../lib/pagination.js";
import { preparedByShape } from "../../lib/prepared-by-shape.js";
import { foldedSql, matchEveryWordIn, searchPatterns } from "../../lib/search-text.js";

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
  raisonSocial: sql`lower(${foldedSql(gestionnaires.raisonSocial)})`,
  city: gestionnaires.city,
  establishments: gestionnaires.establishmentCount,
  createdAt: gestionnaires.createdAt,
};

/** What a row shows of a managing organisation (not its search text or address lines). */
const LISTED_GESTIONNAIRE_COLUMNS = {
  id: gestionnaires.id,
  raisonSocial: gestionnaires.raisonSocial,
  siren: gestionnaires.siren,
  postalCode: gestionnaires.postalCode,
  city: gestionnaires.city,
  email: gestionnaires.email,
  phone: gestionnaires.phone,
  createdAt: gestionnaires.createdAt,
  version: gestionnaires.version,
};

/** `fields` with each row's counts and main contact; `source` may carry a page's CTE. */
function selectGestionnaires<Fields extends SelectedFields>(fields: Fields, source: Pick<Executor, "select">) {
  return source
    .select({
      ...fields,
      legalEntities: gestionnaires.legalEntityCount,
      establishments: gestionnaires.establishmentCount,
      clients: gestionnaires.clientCount,
      contact: contactSummaryColumns,
    })
    .from(gestionnaires)
    .leftJoin(contacts, and(eq(contacts.gestionnaireId, gestionnaires.id), eq(contacts.isMain, true)));
}

/**
 * A page in one statement (lib/page-in-one-statement.ts): the page's ids from gestionnaires alone (each sort
 * an index walk, the search on the stored search text) as a CTE, those rows with their main contact, the total.
 */
function pageStatement(db: Executor, q: GestionnaireListQuery, page: PageBounds) {
  const words = searchPatterns(q.search).map(
    (_pattern, i) => sql`${gestionnaires.searchText} like lower(${sql.placeholder(`w${i}`)})`,
  );
  const where = words.length ? and(...words) : undefined;
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  // Only the city may be null: NULLS LAST elsewhere would keep the name's index from serving the sort.
  const nulls = q.sortKey === "city" ? sql` nulls last` : sql``;
  const order = [sql`${SORTS[q.sortKey]} ${direction}${nulls}`, gestionnaires.id];
  const ids = pageIds(db, "gestionnaire_page", gestionnaires.id, where, order, page);
  const total = totalColumn(db.select({ n: count() }).from(gestionnaires).where(where));
  return selectGestionnaires({ gestionnaire: LISTED_GESTIONNAIRE_COLUMNS, total }, db.with(ids))
    .where(inPage(gestionnaires.id, ids))
    .orderBy(...order);
}

const preparedPages =
  preparedByShape<ReturnType<ReturnType<typeof pageStatement>["prepare"]>>("gestionnaire_list_page");

/** A page of managing organisations: a statement prepared per shape (search words, sort, page size). */
export async function listGestionnaires(db: Executor, q: GestionnaireListQuery) {
  const patterns = searchPatterns(q.search);
  const shape = [patterns.length, q.sortKey, q.direction, q.pageSize].join(":");
  const prepare = (name: string) =>
    pageStatement(db, q, { limit: pageSizeSql(q.pageSize), offset: offsetParam() }).prepare(name);
  const rows = await preparedPages(db, shape, prepare).execute({
    ...Object.fromEntries(patterns.map((pattern, i) => [`w${i}`, pattern])),
    offset: offsetOf(q),
  });
  const total = await totalOf(rows, q, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(gestionnaires)
      .where(matchEveryWordIn(gestionnaires.searchText, q.search));
    return Number(row?.n ?? 0);
  });
  return { rows, total };
}
const listedRows = (db: Executor) => selectGestionnaires({ gestionnaire: LISTED_GESTIONNAIRE_COLUMNS }, db);
/** A row as the list shows it; the detail's row has every column of the gestionnaire. */
export type GestionnaireJoinedRow = Awaited<ReturnType<ReturnType<typeof listedRows>["execute"]>>[number];

export async function findGestionnaire(db: Executor, id: string) {
  const [row] = await selectGestionnaires({ gestionnaire: gestionnaires }, db).where(eq(gestionnaires.id, id));
  return row;
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
