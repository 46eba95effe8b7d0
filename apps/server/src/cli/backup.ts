import fs from "node:fs";
import path from "node:path";
import { dumpDatabase } from "../db/backup/dump-database.js";
import { openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run backup [-- fichier.sql]   (default: DATA_DIR/backups/certidesk-<date>.sql)
const { config, handle } = await openConfiguredDatabase();
try {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const target = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.argv[2] ?? path.join(config.dataDir, "backups", `certidesk-${stamp}.sql`),
  );
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Written beside, then renamed: a half-written file never takes the name of a backup.
  const out = fs.createWriteStream(`${target}.partial`);
  await dumpDatabase(handle, out);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  fs.renameSync(`${target}.partial`, target);
  console.log(`Sauvegarde écrite : ${target}`);
} finally {
  await handle.close();
}
