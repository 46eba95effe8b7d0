import { expect } from "vitest";
import { restoreDatabase } from "../src/db/backup/restore-database.js";
import { openDatabase } from "../src/db/client.js";
import { backupText, fromText } from "./backup-helpers.js";
import { type TableFingerprint, tableFingerprints } from "./table-fingerprints.js";
import { createTestApp, type TestContext } from "./test-app.js";

type Fingerprints = Record<string, TableFingerprint>;

/**
 * Every table equal to the source's, by row count and content hash. The lists' data versions are the one
 * exception, by design: a restore gives each list a new version (db/backup/dump-database.ts).
 */
function expectSameTables(actual: Fingerprints, expected: Fingerprints) {
  const { list_versions: restoredVersions, ...restored } = actual;
  const { list_versions: savedVersions, ...saved } = expected;
  expect(Object.keys(saved).length).toBeGreaterThan(50);
  expect(restored).toEqual(saved);
  expect(restoredVersions?.rows).toBe(savedVersions?.rows);
}

/**
 * Backs the source base up, restores it into a fresh base of the same engine and compares every table.
 * With `crossEngine` on a PostgreSQL run (TEST_DATABASE_URL), the backup goes to an empty PGlite instead,
 * and that PGlite's own backup back to a fresh PostgreSQL base: the promise of docs/backup.md, both ways (and the
 * same-engine restore on the way).
 */
export async function expectBackupRoundTrip(source: TestContext, options: { crossEngine?: boolean } = {}) {
  const saved = await tableFingerprints(source.handle);
  let dump = await backupText(source.handle);
  const target = await createTestApp();
  try {
    if (options.crossEngine && source.handle.kind === "postgres") {
      const pglite = await openDatabase({ pgliteDir: "memory://" });
      try {
        await restoreDatabase(pglite, fromText(dump));
        expectSameTables(await tableFingerprints(pglite), saved);
        dump = await backupText(pglite);
        expect(dump).toContain("-- engine: pglite");
      } finally {
        await pglite.close();
      }
    }
    await restoreDatabase(target.handle, fromText(dump));
    expectSameTables(await tableFingerprints(target.handle), saved);
  } finally {
    await target.close();
  }
}
