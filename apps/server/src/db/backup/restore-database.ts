import type { Readable } from "node:stream";
import type { DatabaseHandle, RawTransaction } from "../client.js";
import {
  applyMigrations,
  dropApplicationSchema,
  knownMigrations,
  type Migration,
  type SchemaVersion,
  schemaVersionOf,
} from "../schema-version.js";
import { BackupError, type BackupHeader, backupStatements, LEGACY_FORMAT, verifyBackup } from "./backup-format.js";

/** Opens the backup's SQL from its start; called twice (verification, then loading). */
export type OpenBackup = () => Promise<Readable>;

/**
 * Checks a backup against this build's migrations: it names one of them (its data fits the schema as it
 * was after it), or it comes from a newer build, or from another line of development.
 */
function migrationsFor(schema: SchemaVersion): { upTo: Migration[]; after: Migration[] } {
  const known = knownMigrations();
  if (schema.count > known.length) {
    throw new BackupError(
      "Cette sauvegarde vient d'une version plus récente de Certidesk : mettez l'application à jour d'abord.",
    );
  }
  // The first format named its schema by its number of migrations alone.
  if (schema.count > 0 && schema.hash && known[schema.count - 1]?.hash !== schema.hash) {
    throw new BackupError("Cette sauvegarde vient d'une version de Certidesk que cette installation ne connaît pas.");
  }
  return { upTo: known.slice(0, schema.count), after: known.slice(schema.count) };
}

/**
 * Replaces the whole base by a backup, in one transaction: a failure anywhere leaves it as it was.
 *
 * 1. The file is read once, whole, and refused if it is not a complete, unmodified backup (checksum) or
 *    if its schema is unknown here — before anything changes.
 * 2. The schema is brought to the backup's own version: kept when the base is already there, otherwise
 *    dropped and rebuilt by the migrations up to that version (an older backup into a newer base).
 * 3. The file's statements replace the data (foreign keys and triggers handled in the file itself).
 * 4. The migrations that came after the backup's version run on the restored data, as they would have
 *    run on the live base.
 */
export async function restoreDatabase(handle: DatabaseHandle, open: OpenBackup): Promise<BackupHeader> {
  const header = await checkBackup(await open());
  await loadBackup(handle, open, header);
  return header;
}

/** Step 1 alone: reads the backup whole and says whether it can be restored here, changing nothing. */
export async function checkBackup(input: Readable): Promise<BackupHeader> {
  const header = await verifyBackup(input);
  migrationsFor(header.schema);
  return header;
}

/** Steps 2 to 4, for a backup `checkBackup` accepted. */
export async function loadBackup(handle: DatabaseHandle, open: OpenBackup, header: BackupHeader): Promise<void> {
  const { upTo, after } = migrationsFor(header.schema);
  const hash = upTo.at(-1)?.hash ?? "";
  await handle.rawTransaction(async (tx) => {
    const current = await schemaVersionOf(tx);
    if (current.count !== upTo.length || current.hash !== hash) {
      const floors = await sequenceValues(tx);
      await dropApplicationSchema(tx);
      await applyMigrations(tx, upTo);
      await keepSequencesAtLeast(tx, floors);
    }
    const load = async () => {
      for await (const batch of backupStatements(await open(), header.quote)) await tx.exec(batch);
    };
    // The first format relied on the order of its tables, which rows of one table pointing to each other
    // defeat: its foreign keys are set aside here as the current format does it in the file itself.
    if (header.format === LEGACY_FORMAT) await withoutForeignKeys(tx, load);
    else await load();
    await applyMigrations(tx, after);
  });
  // Fresh statistics for the planner: every table was rewritten (and migrations may have rewritten more).
  await handle.execRaw("VACUUM (ANALYZE)");
}

async function sequenceValues(tx: RawTransaction) {
  return tx.query<{ name: string; value: string }>(
    `select format('%I', sequencename) as name, last_value::text as value from pg_sequences
      where schemaname = 'public' and last_value is not null`,
  );
}

/**
 * A rebuilt schema starts its sequences again at 1; they go back to where the base had them, so that a
 * number handed out before the restore (a list's data version a server remembers) is never handed out again.
 */
async function keepSequencesAtLeast(tx: RawTransaction, floors: { name: string; value: string }[]) {
  for (const { name, value } of floors) {
    const [exists] = await tx.query<{ found: boolean }>("select to_regclass($1) is not null as found", [name]);
    if (exists?.found)
      await tx.query(`select setval($1, greatest($2::bigint, last_value)) from ${name}`, [name, value]);
  }
}

/** Runs `work` with the foreign keys of the public schema dropped, then adds them back (checking every row). */
async function withoutForeignKeys(tx: RawTransaction, work: () => Promise<void>) {
  const keys = await tx.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, format('%I', conname) as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  for (const k of keys) await tx.exec(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
  await work();
  // Its triggers ran: the deferred ones (the lists' versions) fire now, since a table with pending trigger
  // events cannot be altered.
  await tx.exec("SET CONSTRAINTS ALL IMMEDIATE");
  for (const k of keys) await tx.exec(`ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.definition}`);
}
