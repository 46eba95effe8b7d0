import fs from "node:fs";
import path from "node:path";
import { writeBackupArchive } from "../../db/backup/backup-archive.js";
import { backupFileName, backupFolder, pruneBackups } from "../../db/backup/backup-folder.js";
import type { DatabaseHandle } from "../../db/client.js";
import { type Clock, parisDate, parisHour } from "../../lib/clock.js";
import type { FileStorage } from "../../lib/storage/index.js";
import * as repo from "./backups.repository.js";

/** After a failed attempt, the next one waits this long (a full disk is not retried every ten minutes). */
const RETRY_AFTER_MS = 60 * 60 * 1000;

/** Free bytes for an unprivileged user on the disk holding `folder`. */
export async function diskFreeBytes(folder: string): Promise<number> {
  const stats = await fs.promises.statfs(folder);
  return stats.bavail * stats.bsize;
}

export interface BackupScheduleDeps {
  handle: DatabaseHandle;
  /** Whether backups are taken at all: on the embedded base (app.ts), not on PostgreSQL. */
  scheduled: boolean;
  storage: FileStorage;
  dataDir: string;
  clock: Clock;
  /** Injectable for tests (a disk short of space). */
  freeSpace?: (folder: string) => Promise<number>;
}

export type BackupOutcome = "embedded-only" | "not-yet" | "done-today" | "ok" | "failed";

/**
 * The embedded base's daily backup: from its hour (Paris time, Settings › Sauvegardes) an archive of the
 * base and the documents' files goes to DATA_DIR/backups, the older ones beyond the number to keep are
 * removed, and the attempt is recorded (backup_runs: the settings page and the backups' alert read it).
 * On PostgreSQL it does nothing: production backs up with pg_dump or PITR (docs/backup.md).
 */
export function createBackupSchedule(deps: BackupScheduleDeps) {
  const { handle, clock } = deps;
  const folder = backupFolder(deps.dataDir);
  const freeSpace = deps.freeSpace ?? diskFreeBytes;

  async function runNow(keep: number): Promise<BackupOutcome> {
    const startedAt = clock.now();
    const fileName = backupFileName(startedAt);
    try {
      fs.mkdirSync(folder, { recursive: true });
      const summary = await writeBackupArchive(handle, deps.storage, path.join(folder, fileName));
      pruneBackups(folder, keep, startedAt);
      await repo.recordRun(handle.db, {
        startedAt,
        finishedAt: clock.now(),
        ok: true,
        fileName,
        sizeBytes: summary.bytes,
        freeBytes: await freeSpace(folder),
      });
      return "ok";
    } catch (error) {
      await repo.recordRun(handle.db, {
        startedAt,
        finishedAt: clock.now(),
        ok: false,
        error: (error as Error).message,
        freeBytes: await freeSpace(folder).catch(() => null),
      });
      return "failed";
    }
  }

  return {
    scheduled: deps.scheduled,
    /** Takes today's backup when its hour has come and none succeeded today (run every 10 minutes). */
    async runDue(): Promise<BackupOutcome> {
      if (!deps.scheduled) return "embedded-only";
      const { hour, keep } = await repo.loadBackupSettings(handle.db);
      const now = clock.now();
      if (parisHour(now) < hour) return "not-yet";
      const { last, lastOk } = await repo.latestRuns(handle.db);
      if (lastOk && parisDate(lastOk.startedAt) === clock.today()) return "done-today";
      if (last && !last.ok && now.getTime() - last.startedAt.getTime() < RETRY_AFTER_MS) return "not-yet";
      return runNow(keep);
    },
  };
}
export type BackupSchedule = ReturnType<typeof createBackupSchedule>;
