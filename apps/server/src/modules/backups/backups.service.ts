import type { BackupOverview, BackupSettingsBody } from "@certidesk/shared";
import { backupFolder, backupPath, listBackups } from "../../db/backup/backup-folder.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { backupResource } from "./backups.policy.js";
import * as repo from "./backups.repository.js";

export interface BackupsServiceDeps {
  db: Database;
  dataDir: string;
  /** Whether the daily backup runs (the embedded base only). */
  scheduled: boolean;
  engine: "pglite" | "postgresql";
  clock: Clock;
}

export function createBackupsService({ db, dataDir, scheduled, engine, clock }: BackupsServiceDeps) {
  const folder = backupFolder(dataDir);
  return {
    async overview(actor: Actor): Promise<BackupOverview> {
      authorize(actor, "read", backupResource, {});
      const settings = await repo.loadBackupSettings(db);
      const { last } = await repo.latestRuns(db);
      return {
        scheduled,
        engine,
        hour: settings.hour,
        keep: settings.keep,
        version: settings.version,
        backups: listBackups(folder),
        lastRun: last
          ? {
              startedAt: last.startedAt.toISOString(),
              ok: last.ok,
              fileName: last.fileName,
              error: last.error,
              freeBytes: last.freeBytes,
            }
          : null,
      };
    },

    async updateSettings(actor: Actor, input: BackupSettingsBody, requestId?: string): Promise<BackupOverview> {
      await repo.loadBackupSettings(db);
      await versionedUpdate({
        db,
        table: repo.backupSettingsTable,
        id: "1",
        key: repo.backupSettingsTable.id,
        version: input.version,
        actor,
        clock,
        entityType: "settings",
        entityId: "backups",
        requestId,
        authorize: { resource: backupResource, action: "update", record: () => ({}) },
        apply: () => ({
          values: { hour: input.hour, keep: input.keep },
          summary: `Sauvegarde quotidienne à ${input.hour} h, ${input.keep} gardée(s)`,
          changes: true,
        }),
      });
      return this.overview(actor);
    },

    /** The file of one backup of the folder, for its download: a copy of everything, so journaled. */
    async download(actor: Actor, name: string, requestId?: string): Promise<{ path: string; name: string }> {
      authorize(actor, "read", backupResource, {});
      const file = backupPath(folder, name);
      if (!file) throw notFound(backupResource.notFound);
      await writeAudit(
        db,
        actor,
        { action: "download", entityType: "backup", entityId: name, summary: `Sauvegarde ${name} téléchargée` },
        requestId,
      );
      return { path: file, name };
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;
