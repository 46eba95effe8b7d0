import fs from "node:fs";
import path from "node:path";
import { restoreDatabase } from "../db/backup/restore-database.js";
import { fail, openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run restore -- fichier.sql   (stop the application first when it runs on PGlite)
const file = process.argv[2];
if (!file) fail("Indiquez le fichier à restaurer : npm run restore -- fichier.sql");
const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (!fs.existsSync(source)) fail(`Fichier introuvable : ${source}`);
const { handle } = await openConfiguredDatabase();
try {
  await restoreDatabase(handle, async () => fs.createReadStream(source));
  console.log(`Base restaurée depuis ${source}`);
} catch (error) {
  fail(`Restauration impossible, la base est inchangée : ${(error as Error).message}`);
} finally {
  await handle.close();
}
