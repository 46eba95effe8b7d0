import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { versionColumn } from "./columns.js";

/**
 * Settings › Sauvegardes (one row, id 1): the hour (Paris time) the embedded base's daily backup is
 * taken, and how many archives DATA_DIR/backups keeps.
 */
export const backupSettings = pgTable("backup_settings", {
  id: integer("id").primaryKey().default(1),
  hour: integer("hour").notNull().default(2),
  keep: integer("keep").notNull().default(7),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each scheduled backup the server attempted: when, whether it succeeded (its file and size) or why not,
 * and the free space left in DATA_DIR/backups after it. The backups' alert reads the latest ones.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    ok: boolean("ok").notNull(),
    fileName: text("file_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    freeBytes: bigint("free_bytes", { mode: "number" }),
    error: text("error"),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt)],
);
