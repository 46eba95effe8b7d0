import { randomBytes } from "node:crypto";
import type { DatabaseHandle } from "./client.js";
import { migrateDatabase } from "./migrate.js";

/**
 * A SQL dump that works the same on PGlite and PostgreSQL (no pg_dump binary needed): the schema
 * comes from the migrations, the data as JSON row sets that PostgreSQL itself turns back into typed
 * rows (json_populate_recordset), so every type, bytea included, round-trips.
 */
const HEADER = "-- Certidesk backup";
const CHUNK = 500;

async function tablesInDependencyOrder(handle: DatabaseHandle): Promise<string[]> {
  const tables = (
    await handle.queryRaw<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).map((t) => t.name);
  const edges = await handle.queryRaw<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, path);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/**
 * Tables whose rows are counts of other tables' rows, kept by triggers (the client list's total, the
 * invoices' and missions' per status, the journal's, the prospect tabs'): emptied with the rest, never
 * dumped — restoring their rows on top of what the triggers recount would count every entry twice. So are
 * the lists' data versions: restored, an old version could match a total a server remembers.
 */
const DERIVED_TABLES = new Set([
  "list_counts",
  "list_versions",
  "list_totals",
  "audit_log_counts",
  "request_tab_counts",
]);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function dumpDatabase(handle: DatabaseHandle): Promise<string> {
  const tables = await tablesInDependencyOrder(handle);
  const [migration] = await handle.queryRaw<{ hash: string; n: string }>(
    "select count(*)::text as n, max(hash) as hash from drizzle.__drizzle_migrations",
  );
  const tag = `cd${randomBytes(8).toString("hex")}`;
  const out: string[] = [
    `${HEADER} — ${new Date().toISOString()} — ${migration?.n ?? 0} migrations`,
    `-- migrations: ${migration?.n ?? 0}`,
    "BEGIN;",
    `TRUNCATE ${tables.map(ident).join(", ")} CASCADE;`,
  ];
  for (const table of tables) {
    // Derived tables are emptied with the others and refilled by their triggers as the rows come back.
    if (DERIVED_TABLES.has(table)) continue;
    // Generated columns (a folded search text) are computed again by PostgreSQL: they cannot be inserted.
    const columns = (
      await handle.queryRaw<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    )
      .map((c) => ident(c.name))
      .join(", ");
    const [{ n } = { n: "0" }] = await handle.queryRaw<{ n: string }>(
      `select count(*)::text as n from ${ident(table)}`,
    );
    for (let offset = 0; offset < Number(n); offset += CHUNK) {
      const [row] = await handle.queryRaw<{ data: string }>(
        `select coalesce(json_agg(t), '[]')::text as data from (select ${columns} from ${ident(table)} order by 1 limit ${CHUNK} offset ${offset}) t`,
      );
      const data = row?.data ?? "[]";
      if (data.includes(`$${tag}$`)) throw new Error("dollar-quote tag collision");
      out.push(
        `INSERT INTO ${ident(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${ident(table)}, $${tag}$${data}$${tag}$);`,
      );
    }
  }
  out.push("COMMIT;", "");
  return out.join("\n");
}

/** Reads a dump back: schema brought up to date first, then every table replaced in one transaction. */
export async function restoreDatabase(handle: DatabaseHandle, dump: string): Promise<void> {
  if (!dump.startsWith(HEADER)) throw new Error("Ce fichier n'est pas une sauvegarde Certidesk.");
  const dumped = Number(/^-- migrations: (\d+)$/m.exec(dump)?.[1] ?? Number.NaN);
  await migrateDatabase(handle);
  const [current] = await handle.queryRaw<{ n: string }>(
    "select count(*)::text as n from drizzle.__drizzle_migrations",
  );
  if (Number.isNaN(dumped) || dumped > Number(current?.n ?? 0)) {
    throw new Error(
      "Cette sauvegarde vient d'une version plus récente de Certidesk : mettez l'application à jour d'abord.",
    );
  }
  try {
    await handle.execRaw(dump);
  } catch (error) {
    await handle.execRaw("ROLLBACK;").catch(() => undefined);
    throw error;
  }
}
