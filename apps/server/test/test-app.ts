import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type AppDeps, buildApp } from "../src/app.js";
import type { AppInstance } from "../src/app-instance.js";
import { type AppConfig, loadConfig } from "../src/config.js";
import { prepareDatabase } from "../src/db/bootstrap.js";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { seedDemoData } from "../src/demo/demo-data.js";
import type { Clock } from "../src/lib/clock.js";
import { setPasswordHashCost } from "../src/lib/passwords.js";
import { createStorage, type FileStorage } from "../src/lib/storage/index.js";
import type { LoginThrottleOptions } from "../src/modules/auth/login-throttle.js";
import { ensurePostgresDemoTemplate, pgliteDemoDump } from "./demo-template.js";

/**
 * A fresh database per test file, copied from the one test/global-setup.ts migrated for the run: an
 * in-memory PGlite loaded from its dump by default, or a new PostgreSQL database cloned from the
 * template beside TEST_DATABASE_URL (and dropped afterwards) when that variable is set. Outside a
 * run with that setup (no template provided) the database is migrated here.
 */
async function freshDatabase(
  demo: boolean,
): Promise<{ handle: DatabaseHandle; migrated: boolean; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject("pgliteTemplate");
    const demoTemplate = inject("pgliteDemoTemplate");
    let pgliteDump = template ? new Blob([fs.readFileSync(template)]) : undefined;
    if (pgliteDump && demo && demoTemplate) pgliteDump = await pgliteDemoDump(pgliteDump, demoTemplate);
    const handle = await openDatabase({ pgliteDir: "memory://", pgliteDump });
    return { handle, migrated: Boolean(template), drop: async () => {} };
  }
  const base = inject("postgresTemplate");
  const demoTemplate = inject("postgresDemoTemplate");
  let template = base;
  if (base && demo && demoTemplate) {
    await ensurePostgresDemoTemplate(adminUrl, base, demoTemplate);
    template = demoTemplate;
  }
  const name = `certidesk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    migrated: Boolean(template),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  handle: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  throttle?: LoginThrottleOptions;
  config?: Partial<AppConfig>;
  /** The application's clock (e.g. fixedClock("2026-03-31T22:30:00Z")); the real one by default. */
  clock?: Clock;
  /** Registers test-only routes before the app is ready (routes cannot be added afterwards). */
  routes?: (app: AppInstance) => void;
  /** The app's logger (Fastify's option; none by default): a test that reads the log passes a stream. */
  logger?: AppDeps["logger"];
  /** An existing database (a second server on the same one) instead of a fresh copy; closed by the caller. */
  handle?: DatabaseHandle;
  /** Wraps the app's file storage (a test that acts while a file is being stored). */
  wrapStorage?: (storage: FileStorage) => FileStorage;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  // Signing in must not cost a production-strength scrypt (128 MiB, ~0.3 s) per login in every test.
  setPasswordHashCost(1024);
  const { handle, migrated, drop } = options.handle
    ? { handle: options.handle, migrated: true, drop: async () => {} }
    : await freshDatabase(Boolean(options.config?.demoData));
  // Each app gets its own data folder, so stored files can be counted and are cleaned up.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-test-"));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir }),
    demoData: false,
    verifyJsonText: true,
    ...options.config,
  };
  if (!migrated) await prepareDatabase(handle, config);
  // Copied from the demo template when the run has one; loaded here otherwise (it loads nothing twice).
  else if (config.demoData) await seedDemoData(handle.db);
  const storage = options.wrapStorage?.(createStorage(config));
  const app = await buildApp({
    config,
    handle,
    throttle: options.throttle,
    clock: options.clock,
    logger: options.logger,
    storage,
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      if (!options.handle) await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
