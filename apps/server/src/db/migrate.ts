import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "./client.js";

// Beside this file in the sources (src/db/migrations), beside the bundle once built (dist/migrations).
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies drizzle-kit's generated SQL migrations: the same files on PGlite and PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's database type.
  const db = handle.db as any;
  const applied = await appliedCount(handle);
  // Each engine's migrator is imported with its engine only (the PGlite one loads PGlite).
  if (handle.kind === "pglite") await (await import("drizzle-orm/pglite/migrator")).migrate(db, config);
  else await (await import("drizzle-orm/node-postgres/migrator")).migrate(db, config);
  // A migration may rewrite a table (a new stored column) and leave its statistics empty until autovacuum
  // gets to it: on the scale base, the journal's search then took 1.9 s instead of 0.4 ms for a bad plan.
  // The rewrite also clears the table's visibility map, which autovacuum may not rebuild for long (a
  // rewrite leaves no dead row): counts read by index only fell back to reading the table, 0.4 → 3.5 ms
  // for the finished evaluations' total. VACUUM (ANALYZE) after any migration: 2.6 s on the scale base, once.
  if ((await appliedCount(handle)) > applied) await handle.execRaw("VACUUM (ANALYZE)");
}

async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle
    .queryRaw<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations")
    .catch(() => [{ n: "0" }]);
  return Number(row?.n ?? 0);
}
