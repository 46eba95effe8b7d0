import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { backupRuns, backupSettings } from "../../db/schema/index.js";

export const backupSettingsTable = backupSettings;

/** Settings › Sauvegardes, created with its defaults on first read (one row, id 1). */
export async function loadBackupSettings(db: Executor) {
  const read = async () => (await db.select().from(backupSettings).where(eq(backupSettings.id, 1)))[0];
  const row =
    (await read()) ??
    (await db.insert(backupSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("backup settings missing");
  return row;
}

export type BackupRunRow = typeof backupRuns.$inferSelect;

export async function recordRun(db: Executor, run: typeof backupRuns.$inferInsert) {
  await db.insert(backupRuns).values(run);
}

/** The latest attempt, and the latest that succeeded. */
export async function latestRuns(db: Executor): Promise<{ last?: BackupRunRow; lastOk?: BackupRunRow }> {
  const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
  const [lastOk] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return { last, lastOk };
}
