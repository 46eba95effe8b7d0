import type { Writable } from "node:stream";
import type { DatabaseHandle, RawTransaction } from "../client.js";
import { schemaVersionOf } from "../schema-version.js";
import { BACKUP_FORMAT, createBackupWriter, headerLines, newQuoteTag } from "./backup-format.js";

/**
 * A SQL dump that works the same on PGlite and PostgreSQL, without pg_dump: the data of every table of the
 * public schema as JSON row sets that PostgreSQL turns back into typed rows (json_populate_recordset), so
 * every type, bytea included, round-trips.
 *
 * The data is loaded the way pg_dump does it, whatever the order of rows and the references between them
 * (a row pointing to a row of its own table, cycles between tables, tables a future migration adds): the
 * foreign keys are dropped first and added again after the data, which checks every reference at once; the
 * tables' own triggers are off while their rows come back, so the columns and tables they derive (list
 * rows, search texts, counts) are restored exactly as saved instead of recomputed row by row. All of it is
 * read from the catalogue at dump time: nothing here names a table but `list_versions`.
 */
const ROWS_PER_STATEMENT = 1000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

async function readCatalogue(tx: RawTransaction) {
  const tables = (
    await tx.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
    )
  ).map((t) => t.name);
  const foreignKeys = await tx.query<ForeignKey>(
    `select k.conrelid::regclass::text as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace
      order by k.conrelid::regclass::text, k.conname`,
  );
  const sequences = (
    await tx.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by c.relname`,
    )
  ).map((s) => s.name);
  return { tables, foreignKeys, sequences };
}

/** The columns a row is written with: generated columns are computed again by the database. */
async function insertableColumns(tx: RawTransaction, table: string): Promise<string> {
  const columns = await tx.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [table],
  );
  return columns.map((c) => ident(c.name)).join(", ");
}

export interface DumpResult<T> {
  bytes: number;
  tables: number;
  rows: number;
  /** What `alsoRead` returned, read from the same snapshot as the data. */
  extra: T;
}

/**
 * Writes the backup to `out`, reading one snapshot of the base (a read-only repeatable-read transaction):
 * table after table, a thousand rows at a time through a cursor, so memory stays flat whatever the volume.
 * `alsoRead` runs in the same snapshot (the archive lists the documents' files there).
 */
export async function dumpDatabase<T = undefined>(
  handle: DatabaseHandle,
  out: Writable,
  alsoRead?: (tx: RawTransaction) => Promise<T>,
): Promise<DumpResult<T>> {
  return handle.rawTransaction(async (tx) => {
    await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const schema = await schemaVersionOf(tx);
    const { tables, foreignKeys, sequences } = await readCatalogue(tx);
    const quote = newQuoteTag();
    const writer = createBackupWriter(out);
    await writer.write(
      headerLines({ format: BACKUP_FORMAT, schema, takenAt: new Date().toISOString(), engine: handle.kind, quote }),
    );
    for (const k of foreignKeys) await writer.write(`ALTER TABLE ${k.table} DROP CONSTRAINT ${ident(k.name)};\n`);
    for (const table of tables) await writer.write(`ALTER TABLE ${table} DISABLE TRIGGER USER;\n`);
    await writer.write(`TRUNCATE ${tables.join(", ")};\n`);
    let rows = 0;
    for (const table of tables) rows += await dumpTable(tx, table, quote, writer.write);
    for (const sequence of sequences) {
      const [state] = await tx.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${sequence}`,
      );
      // Never backwards: a sequence already further on the target keeps its value (numbers are not reused).
      await writer.write(
        `SELECT setval('${sequence.replace(/'/g, "''")}', greatest(${state?.value ?? 1}, last_value), ${state?.called ?? false}) FROM ${sequence};\n`,
      );
    }
    // The lists' data versions: a server remembers list totals by version, so the restored lists get new
    // versions (list_version_seq) that no server can have seen, instead of the saved ones.
    if (tables.includes("list_versions")) {
      await writer.write(`UPDATE list_versions SET version = nextval('list_version_seq');\n`);
    }
    for (const table of tables) await writer.write(`ALTER TABLE ${table} ENABLE TRIGGER USER;\n`);
    for (const k of foreignKeys) {
      await writer.write(`ALTER TABLE ${k.table} ADD CONSTRAINT ${ident(k.name)} ${k.definition};\n`);
    }
    // The servers' cached sessions follow this channel (modules/auth/session-cache.ts); the triggers that
    // would have announced the replaced sessions and users were off.
    await writer.write(`SELECT pg_notify('certidesk_auth_changed', 'restore');\n`);
    const extra = (alsoRead ? await alsoRead(tx) : undefined) as T;
    const { bytes } = await writer.finish();
    return { bytes, tables: tables.length, rows, extra };
  });
}

async function dumpTable(
  tx: RawTransaction,
  table: string,
  quote: string,
  write: (text: string) => Promise<void>,
): Promise<number> {
  const columns = await insertableColumns(tx, table);
  const tag = `$${quote}$`;
  await tx.exec(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM (SELECT ${columns} FROM ${table}) t`,
  );
  let count = 0;
  for (;;) {
    const rows = await tx.query<{ r: string }>(`FETCH ${ROWS_PER_STATEMENT} FROM backup_rows`);
    if (rows.length === 0) break;
    count += rows.length;
    const data = `[${rows.map((row) => row.r).join(",\n")}]`;
    if (data.includes(tag)) throw new Error(`dollar-quote tag collision in ${table}`);
    await write(
      `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(null::${table}, ${tag}${data}${tag});\n`,
    );
  }
  await tx.exec("CLOSE backup_rows");
  return count;
}
