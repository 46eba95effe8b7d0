import { z } from "zod";

/**
 * Settings › Sauvegardes (Direction only): the embedded base's daily backup — its hour, how many
 * archives are kept — and the archives DATA_DIR/backups holds, each downloadable.
 */
export const backupFileSchema = z.object({
  /** certidesk-<UTC date and time>.tar.gz (or .sql for a backup written by `npm run backup -- x.sql`). */
  name: z.string(),
  takenAt: z.string(),
  size: z.number().int(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const backupRunSchema = z.object({
  startedAt: z.string(),
  ok: z.boolean(),
  fileName: z.string().nullable(),
  /** Why the backup failed (null when it succeeded). */
  error: z.string().nullable(),
  /** Free space left beside the backups after this run, in bytes. */
  freeBytes: z.number().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupOverviewSchema = z.object({
  /** The daily backup runs by itself on the embedded base only (on PostgreSQL: pg_dump, PITR). */
  scheduled: z.boolean(),
  /** The base: without a schedule, the embedded one has it turned off (DAILY_BACKUP=0), PostgreSQL has its own tools. */
  engine: z.enum(["pglite", "postgresql"]),
  hour: z.number().int().min(0).max(23),
  keep: z.number().int().min(1).max(60),
  version: z.number().int(),
  backups: z.array(backupFileSchema),
  /** The latest scheduled attempt, successful or not. */
  lastRun: backupRunSchema.nullable(),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

export const backupSettingsBodySchema = z.object({
  hour: z.coerce
    .number({ error: "Indiquez une heure." })
    .int("Indiquez une heure entière.")
    .min(0, "L'heure va de 0 à 23.")
    .max(23, "L'heure va de 0 à 23."),
  keep: z.coerce
    .number({ error: "Indiquez un nombre de sauvegardes." })
    .int("Indiquez un nombre entier.")
    .min(1, "Gardez au moins une sauvegarde.")
    .max(60, "60 sauvegardes au plus."),
  version: z.number().int(),
});
export type BackupSettingsBody = z.infer<typeof backupSettingsBodySchema>;
