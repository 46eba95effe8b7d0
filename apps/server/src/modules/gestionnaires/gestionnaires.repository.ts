import type { GESTIONNAIRE_SORT_KEYS } from "@certidesk/shared";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { contactSummaryColumns } from "../../lib/contact-summary.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWordIn } from "../../lib/search-text.js";

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

export function selectGestionnaires(db: Executor) {
  return db
    .select({
      gestionnaire: gestionnaires,
      legalEntities: gestionnaires.legalEntityCount,
      establishments: gestionnaires.establishmentCount,
      clients: gestionnaires.clientCount,
      contact: contactSummaryColumns,
    })
    .from(gestionnaires)
    .leftJoin(contacts, and(eq(contacts.gestionnaireId, gestionnaires.id), eq(contacts.isMain, true)));
}

/** The page's ids first, from gestionnaires alone; then the details (the main contact) of those rows. */
export async function listGestionnaires(db: Executor, q: GestionnaireListQuery) {
  const where = matchEveryWordIn(gestionnaires.searchText, q.search);
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  // Only the city may be null: NULLS LAST elsewhere would keep the name's index from serving the sort.
  const nulls = q.sortKey === "city" ? sql` nulls last` : sql``;
  const [page, [total]] = await Promise.all([
    db
      .select({ id: gestionnaires.id })
      .from(gestionnaires)
      .where(where)
      .orderBy(sql`${SORTS[q.sortKey]} ${direction}${nulls}`, gestionnaires.id)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(gestionnaires).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const details = ids.length ? await selectGestionnaires(db).where(anyOf(gestionnaires.id, ids)) : [];
  const rows = ids.flatMap((id) => details.filter((r) => r.gestionnaire.id === id));
  return { rows, total: Number(total?.n ?? 0) };
}
export type GestionnaireJoinedRow = Awaited<ReturnType<typeof listGestionnaires>>["rows"][number];

export async function findGestionnaire(db: Executor, id: string) {
  const [row] = await selectGestionnaires(db).where(eq(gestionnaires.id, id));
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
