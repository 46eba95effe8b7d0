import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { seedDemoData } from "../src/demo/demo-data.js";

/**
 * The demo loaded once per run, then copied like the migrated template (test/global-setup.ts names
 * where). Loading it is seconds of inserts; the first test file that asks makes it, the others wait
 * for it: test files run in parallel processes, hence a lock (a folder on PGlite, an advisory lock on
 * PostgreSQL) rather than a variable.
 */
const POLL_MS = 200;
const WAIT_MS = 180_000;

/** PGlite: the dump of the migrated template with the demo loaded, written to `file` if not yet. */
export async function pgliteDemoDump(baseDump: Blob, file: string): Promise<Blob> {
  const lock = `${file}.lock`;
  const until = Date.now() + WAIT_MS;
  while (!fs.existsSync(file)) {
    if (takeLock(lock)) {
      try {
        const handle = await openDatabase({ pgliteDir: "memory://", pgliteDump: baseDump });
        await seedDemoData(handle.db);
        const client = (handle.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir("none");
        await handle.close();
        // Written whole, then renamed: a reader never loads half a file.
        fs.writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(`${file}.part`, file);
      } finally {
        fs.rmdirSync(lock);
      }
      break;
    }
    if (Date.now() > until) throw new Error(`demo template not written in time: ${file}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return new Blob([fs.readFileSync(file)]);
}

function takeLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** An arbitrary key for the advisory lock, the same in every test process of the run. */
const DEMO_LOCK_KEY = 4_203_711;

/** PostgreSQL: creates the database `name` from `base` with the demo loaded, if no other file has. */
export async function ensurePostgresDemoTemplate(adminUrl: string, base: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [DEMO_LOCK_KEY]);
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount) return;
    await admin.query(`DROP DATABASE IF EXISTS ${name}_part WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}_part TEMPLATE ${base}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}_part`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await seedDemoData(handle.db);
    } finally {
      // A template must have no open connection while it is copied.
      await handle.close();
    }
    // Renamed once complete: a file that failed half-way leaves no template that looks whole.
    await admin.query(`ALTER DATABASE ${name}_part RENAME TO ${name}`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [DEMO_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}
