import { prepareDatabase } from "../db/bootstrap.js";
import { createStorage } from "../lib/storage/index.js";
import { ScaleSeedError, seedScale } from "../scale/scale-seed.js";
import { argValue, fail, openConfiguredDatabase } from "./open-configured-database.js";

// Usage: npm run seed:scale [-- --seed 1 --scale 0.01]
// On the base the server would open (DATABASE_URL, else PGlite in DATA_DIR), migrated first; the demo
// is loaded beforehand by starting the server once with DEMO_DATA=true (it brings its documents too).
const seed = Number(argValue("seed") ?? 1);
const scale = Number(argValue("scale") ?? 1);
if (!Number.isInteger(seed) || !(scale > 0 && scale <= 1))
  fail("Usage : npm run seed:scale -- [--seed <entier>] [--scale <nombre entre 0 et 1, 1 par défaut>]");
const { config, handle } = await openConfiguredDatabase();
try {
  await prepareDatabase(handle, { demoData: false });
  console.log(
    `Données de volume (graine ${seed}, échelle ${scale}) dans ${config.databaseUrl ? "PostgreSQL" : `PGlite (${config.dataDir})`}…`,
  );
  const counts = await seedScale(handle, {
    seed,
    scale,
    now: new Date(),
    storage: createStorage(config),
    log: (m) => console.log(`  ${m}`),
  });
  console.log(
    `Terminé en ${counts.seconds} s : ${counts.clients} ESSMS sous ${counts.legalEntities} entités juridiques et ` +
      `${counts.gestionnaires} gestionnaires, ${counts.requests} demandes, ${counts.quotes} devis, ` +
      `${counts.contracts} contrats, ${counts.missions} missions, ${counts.invoices} factures, ` +
      `${counts.documents} documents de missions, ${counts.mails} e-mails envoyés, ${counts.journal} entrées de journal.`,
  );
} catch (error) {
  if (error instanceof ScaleSeedError) fail(error.message);
  throw error;
} finally {
  await handle.close();
}
