import fs from "node:fs";
import path from "node:path";
import { type BackupSummary, writeBackupArchive, writeSqlBackup } from "../db/backup/backup-archive.js";
import { backupFileName, backupFolder } from "../db/backup/backup-folder.js";
import { createStorage } from "../lib/storage/index.js";
import { fail, openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run backup [-- fichier.tar.gz | fichier.sql]
// Default: DATA_DIR/backups/certidesk-<date>.tar.gz, the base and the documents' files; a name ending in
// .sql writes the base alone.
const { config, handle } = await openConfiguredDatabase();
try {
  const target = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ?? path.join(backupFolder(config.dataDir), backupFileName(new Date())),
  );
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const started = Date.now();
  const summary: BackupSummary = target.endsWith(".sql")
    ? await writeSqlBackup(handle, target)
    : await writeBackupArchive(handle, createStorage(config), target);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Sauvegarde écrite : ${target} (${(summary.bytes / 1e6).toFixed(1)} Mo, ${summary.rows} lignes, ${seconds} s)`,
  );
  if (summary.missingFiles.length > 0) {
    console.warn(
      `Attention : ${summary.missingFiles.length} fichier(s) de documents introuvable(s) dans le stockage :`,
    );
    for (const key of summary.missingFiles.slice(0, 20)) console.warn(`  ${key}`);
  }
} catch (error) {
  fail(`Sauvegarde impossible : ${(error as Error).message}`);
} finally {
  await handle.close();
}
