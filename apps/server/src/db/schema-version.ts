import { readMigrationFiles } from "drizzle-orm/migrator";
import type { RawTransaction } from "./client.js";
import { MIGRATIONS_DIR } from "./migrate.js";

/**
 * The schema a base is at: how many of the migrations it has applied, and the hash of the last one (the
 * same bookkeeping as drizzle's migrator, table drizzle.__drizzle_migrations), so that a backup says the
 * schema its data fits and a restore can rebuild exactly that schema before loading it.
 */
export interface SchemaVersion {
  count: number;
  hash: string;
}

export type Migration = ReturnType<typeof readMigrationFiles>[number];

/** This build's migrations, in order. */
export function knownMigrations(): Migration[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
}

export async function schemaVersionOf(tx: Pick<RawTransaction, "query">): Promise<SchemaVersion> {
  const [exists] = await tx.query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists?.found) return { count: 0, hash: "" };
  const [row] = await tx.query<{ n: string; hash: string | null }>(
    `select (select count(*) from drizzle.__drizzle_migrations)::text as n,
            (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash`,
  );
  return { count: Number(row?.n ?? 0), hash: row?.hash ?? "" };
}

/** Applies migrations inside the caller's transaction, writing the rows drizzle's migrator reads next time. */
export async function applyMigrations(tx: RawTransaction, migrations: readonly Migration[]): Promise<void> {
  // After a restore in the same transaction, deferred checks of the rows just loaded are still queued, and
  // a migration that indexes or alters one of their tables is refused ("pending trigger events"): run them now.
  await tx.exec("SET CONSTRAINTS ALL IMMEDIATE");
  await tx.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);`);
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await tx.exec(statement);
    await tx.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/**
 * Drops everything the migrations created in the public schema (tables with their indexes and triggers,
 * views, sequences, functions, types) and forgets the applied migrations, inside the caller's transaction.
 * Extensions and their objects stay (pg_trgm: created by the migrations "if not exists"). The schema itself
 * stays too: dropping it needs more rights than owning its tables.
 */
export async function dropApplicationSchema(tx: RawTransaction): Promise<void> {
  const notInExtension = (oid: string, catalog: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;
  const statements = await tx.query<{ statement: string }>(
    `select format('DROP %s IF EXISTS %s CASCADE', kind, name) as statement from (
       select case c.relkind when 'v' then 'VIEW' when 'm' then 'MATERIALIZED VIEW' when 'S' then 'SEQUENCE'
                else 'TABLE' end as kind,
              c.oid::regclass::text as name,
              case c.relkind when 'v' then 1 when 'm' then 1 when 'S' then 3 else 2 end as rank
         from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
          and ${notInExtension("c.oid", "pg_class")}
       union all
       select case p.prokind when 'p' then 'PROCEDURE' when 'a' then 'AGGREGATE' else 'FUNCTION' end,
              p.oid::regprocedure::text, 4
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and ${notInExtension("p.oid", "pg_proc")}
       union all
       select 'TYPE', t.oid::regtype::text, 5
         from pg_type t
        where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'c', 'd', 'r', 'm')
          and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')
          and ${notInExtension("t.oid", "pg_type")}
     ) objects order by rank, name`,
  );
  for (const { statement } of statements) await tx.exec(statement);
  await tx.exec("DROP TABLE IF EXISTS drizzle.__drizzle_migrations");
}
