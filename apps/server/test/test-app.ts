import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { type AppConfig, loadConfig } from "../src/config.js";
import { prepareDatabase } from "../src/db/bootstrap.js";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import type { Clock } from "../src/lib/clock.js";
import { createLoginThrottle, type LoginThrottleOptions } from "../src/modules/auth/login-throttle.js";

/**
 * A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL (and dropped afterwards) when that variable is set.
 */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ pgliteDir: "memory://" });
    return { handle, drop: async () => {} };
  }
  const name = `certidesk_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
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
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const { handle, drop } = await freshDatabase();
  // Each app gets its own data folder, so stored files can be counted and are cleaned up.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "certidesk-test-"));
  const config: AppConfig = { ...loadConfig({ DATA_DIR: dataDir }), demoData: false, ...options.config };
  await prepareDatabase(handle, config);
  const app = await buildApp({ config, handle, throttle: createLoginThrottle(options.throttle), clock: options.clock });
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
