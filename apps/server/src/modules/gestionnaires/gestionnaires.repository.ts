import type { GESTIONNAIRE_SORT_KEYS } from "@certidesk/shared";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

export interface GestionnaireListQuery {
  search?: string;
  page: number;
  pageSize: number;
  sortKey: (typeof GESTIONNAIRE_SORT_KEYS)[number];
  direction: "asc" | "desc";
}

const establishments = sql<number>`(select count(*) from ${clients} c join ${legalEntities} le on le.id = c.legal_entity_id where le.gestionnaire_id = ${gestionnaires.id})::int`;
const clientCount = sql<number>`(select count(*) from ${clients} c join ${legalEntities} le on le.id = c.legal_entity_id where le.gestionnaire_id = ${gestionnaires.id} and c.client_since is not null)::int`;
const entityCount = sql<number>`(select count(*) from ${legalEntities} le where le.gestionnaire_id = ${gestionnaires.id})::int`;

const SORTS: Record<GestionnaireListQuery["sortKey"], SQL | unknown> = {
  raisonSocial: sql`lower(${foldedSql(gestionnaires.raisonSocial)})`,
  city: gestionnaires.city,
  establishments,
  createdAt: gestionnaires.createdAt,
};

export function selectGestionnaires(db: Executor) {
  return db
    .select({
      gestionnaire: gestionnaires,
      legalEntities: entityCount,
      establishments,
      clients: clientCount,
      contact: {
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        tel: contacts.tel,
        email: contacts.email,
        occupation: contacts.occupation,
        mobilePhone: contacts.mobilePhone,
      },
    })
    .from(gestionnaires)
    .leftJoin(contacts, and(eq(contacts.gestionnaireId, gestionnaires.id), eq(contacts.isMain, true)));
}

export async function listGestionnaires(db: Executor, q: GestionnaireListQuery) {
  const where = matchEveryWord(q.search, (pattern) =>
    or(
      ilike(foldedSql(gestionnaires.raisonSocial), pattern),
      ilike(foldedSql(sql`coalesce(${gestionnaires.city}, '')`), pattern),
      ilike(sql`coalesce(${gestionnaires.siren}, '')`, pattern),
    ),
  );
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const [rows, [total]] = await Promise.all([
    selectGestionnaires(db)
      .where(where)
      .orderBy(sql`${SORTS[q.sortKey]} ${direction} nulls last`, gestionnaires.id)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(gestionnaires).where(where),
  ]);
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
