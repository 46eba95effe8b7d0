import type { DatabaseHandle } from "../src/db/client.js";

export interface TableFingerprint {
  rows: number;
  /** md5 of every row's text, sorted: equal hashes mean equal contents, generated and derived columns included. */
  hash: string;
}

/**
 * Every table of the public schema, read from the catalogue (a table a migration adds is in it without
 * anyone listing it), with its row count and a hash of its content. The text of a row depends on the
 * session's settings: they are fixed here so that PGlite and PostgreSQL give the same text for the same row.
 */
export async function tableFingerprints(handle: DatabaseHandle): Promise<Record<string, TableFingerprint>> {
  return handle.rawTransaction(async (tx) => {
    await tx.exec(`SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, MDY'; SET LOCAL IntervalStyle = 'postgres';
      SET LOCAL extra_float_digits = 1; SET LOCAL bytea_output = 'hex'`);
    const tables = await tx.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
    );
    const result: Record<string, TableFingerprint> = {};
    for (const { name } of tables) {
      const [row] = await tx.query<{ rows: number; hash: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as hash
           from ${name} t`,
      );
      result[name] = { rows: row?.rows ?? 0, hash: row?.hash ?? "" };
    }
    return result;
  });
}
