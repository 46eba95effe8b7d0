import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR/backups: the archives the scheduled backup and `npm run backup` write, named by the time they
 * were taken (UTC), so that their names sort in time order. Only complete files carry such a name (they are
 * written under `.partial` and renamed).
 */
export const BACKUP_NAME = /^certidesk-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(tar\.gz|sql)$/;

export const backupFolder = (dataDir: string) => path.join(dataDir, "backups");

export function backupFileName(at: Date, extension: "tar.gz" | "sql" = "tar.gz"): string {
  return `certidesk-${at.toISOString().slice(0, 19).replace(/:/g, "-")}.${extension}`;
}

export interface BackupFile {
  name: string;
  takenAt: string;
  size: number;
}

/** The backups of the folder, newest first. */
export function listBackups(folder: string): BackupFile[] {
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return [];
  return fs
    .readdirSync(folder)
    .map((name) => ({ name, match: BACKUP_NAME.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map(({ name, match }) => ({
      name,
      takenAt: `${match[1]}T${match[2]}:${match[3]}:${match[4]}.000Z`,
      size: fs.statSync(path.join(folder, name)).size,
    }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** The path of one backup of the folder, or null: only a name of the list opens a file (no path in a name). */
export function backupPath(folder: string, name: string): string | null {
  if (!BACKUP_NAME.test(name)) return null;
  const file = path.join(folder, name);
  return fs.existsSync(file) ? file : null;
}

/**
 * Keeps the `keep` newest archives and removes the older ones, and the partial files a crash left (a day
 * old: a younger one may be a backup being written).
 */
export function pruneBackups(folder: string, keep: number, now = new Date()): string[] {
  const removed = listBackups(folder)
    .filter((b) => b.name.endsWith(".tar.gz"))
    .slice(keep)
    .map((b) => b.name);
  for (const name of removed) fs.rmSync(path.join(folder, name), { force: true });
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    const file = path.join(folder, name);
    if (name.endsWith(".partial") && fs.statSync(file).mtimeMs < now.getTime() - 86_400_000)
      fs.rmSync(file, { force: true });
  }
  return removed;
}
