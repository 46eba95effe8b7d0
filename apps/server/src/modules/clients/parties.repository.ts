import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { outerColumn } from "../../lib/outer-column.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

export async function gestionnaireExists(db: Executor, id: string) {
  return (await db.select({ id: gestionnaires.id }).from(gestionnaires).where(eq(gestionnaires.id, id))).length > 0;
}

export async function legalEntityExists(db: Executor, id: string) {
  return (await db.select({ id: legalEntities.id }).from(legalEntities).where(eq(legalEntities.id, id))).length > 0;
}

export async function insertLegalEntityRow(tx: Executor, values: typeof legalEntities.$inferInsert) {
  const [created] = await tx.insert(legalEntities).values(values).returning();
  if (!created) throw new Error("legal entity not created");
  return created;
}

export async function insertClientRow(tx: Executor, values: typeof clients.$inferInsert) {
  const [created] = await tx.insert(clients).values(values).returning();
  if (!created) throw new Error("client not created");
  return created;
}

/** A main contact, of a legal entity or of an establishment. */
export async function insertMainContact(tx: Executor, values: Omit<typeof contacts.$inferInsert, "isMain">) {
  const [created] = await tx
    .insert(contacts)
    .values({ ...values, isMain: true })
    .returning({ id: contacts.id });
  return created?.id ?? null;
}

/** Legal entities to choose from: every search word (accent-free) on name, SIREN or city. */
export function legalEntityOptionRows(db: Executor, search: string | undefined) {
  const match = matchEveryWord(search, (pattern) =>
    or(
      ilike(foldedSql(legalEntities.raisonSocial), pattern),
      ilike(sql`coalesce(${legalEntities.siren}, '')`, pattern),
      ilike(foldedSql(sql`coalesce(${legalEntities.city}, '')`), pattern),
    ),
  );
  return db
    .select({
      id: legalEntities.id,
      raisonSocial: legalEntities.raisonSocial,
      siren: legalEntities.siren,
      city: legalEntities.city,
      gestionnaireRaisonSocial: gestionnaires.raisonSocial,
      establishments: sql<number>`(select ${count()} from ${clients} c where c.legal_entity_id = ${outerColumn(legalEntities.id)})::int`,
    })
    .from(legalEntities)
    .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
    .where(match)
    .orderBy(asc(legalEntities.raisonSocial))
    .limit(50);
}
