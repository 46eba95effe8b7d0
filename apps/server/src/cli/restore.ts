import fs from "node:fs";
import path from "node:path";
import { restoreBackup } from "../db/backup/backup-archive.js";
import { createStorage } from "../lib/storage/index.js";
import { fail, openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run restore -- fichier.tar.gz | fichier.sql   (stop the application first when it runs on PGlite)
const file = process.argv[2];
if (!file) fail("Indiquez le fichier à restaurer : npm run restore -- fichier.tar.gz");
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (!fs.existsSync(source)) fail(`Fichier introuvable : ${source}`);
const { config, handle } = await openConfiguredDatabase();
try {
  const { header, filesRestored, missingFiles } = await restoreBackup(handle, createStorage(config), source);
  console.log(`Base restaurée depuis ${source} (sauvegarde du ${header.takenAt}).`);
  if (filesRestored > 0) console.log(`${filesRestored} fichier(s) de documents remis dans le stockage.`);
  if (missingFiles.length > 0) {
    console.warn(`Attention : ${missingFiles.length} fichier(s) de documents manquant(s) dans le stockage :`);
    for (const f of missingFiles.slice(0, 20)) console.warn(`  ${f.name} (${f.key}, ${f.documents} document(s))`);
    if (missingFiles.length > 20) console.warn(`  … et ${missingFiles.length - 20} autre(s).`);
  }
} catch (error) {
  fail(`Restauration impossible, la base est inchangée : ${(error as Error).message}`);
} finally {
  await handle.close();
}
