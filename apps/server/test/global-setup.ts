import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a file holding the data directory of a migrated database (an uncompressed tar). */
    pgliteTemplate?: string;
    /** PostgreSQL: the name of a migrated database beside TEST_DATABASE_URL, copied per test file. */
    postgresTemplate?: string;
    /** PGlite: where the first test file that asks for the demo writes its dump (test/demo-template.ts). */
    pgliteDemoTemplate?: string;
    /** PostgreSQL: the demo template's name, created by the first test file that asks for it. */
    postgresDemoTemplate?: string;
  }
}

/**
 * Migrates once per run, then every test file starts from a copy (test/test-app.ts). Migrating and
 * seeding the defaults takes seconds per database; a copy takes a fraction of one.
 *
 * PGlite: the migrated data directory is dumped to a tar file and each file's in-memory PGlite loads
 * it (`loadDataDir`). Measured on this code base (2 cores, 30 migrations): a fresh in-memory database
 * plus migrations ≈ 6 s, loading the uncompressed dump ≈ 0.45 s, copying a data directory to disk
 * and opening it ≈ 0.5-0.7 s, loading a gzip dump ≈ 0.7 s, an empty PGlite alone (initdb) ≈ 1.4 s.
 *
 * PostgreSQL: a template database, cloned with `CREATE DATABASE x TEMPLATE tpl` (a file copy).
 *
 * The demo, which a few files load whole, is a second template made the same way, once, by the first
 * file that needs it (test/demo-template.ts): a run of other files does not pay for it.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return postgresTemplate(project, adminUrl);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const handle = await openDatabase({ pgliteDir: "memory://" });
  await prepareDatabase(handle, { demoData: false });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-template-"));
  const file = path.join(dir, "pgdata.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  project.provide("pgliteDemoTemplate", path.join(dir, "demo.tar"));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, adminUrl: string) {
  const name = `certidesk_tpl_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    await prepareDatabase(handle, { demoData: false });
  } catch (error) {
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  // A template must have no open connection while it is copied.
  await handle.close();
  project.provide("postgresTemplate", name);
  project.provide("postgresDemoTemplate", `${name}_demo`);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name}_demo WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${name}_demo_part WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
