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
  // Each engine's migrator is imported with its engine only (the PGlite one loads PGlite).
  if (handle.kind === "pglite") await (await import("drizzle-orm/pglite/migrator")).migrate(db, config);
  else await (await import("drizzle-orm/node-postgres/migrator")).migrate(db, config);
}
