import type { AppConfig } from "../config.js";
import { seedDemoData } from "../demo/demo-data.js";
import { seedDemoDocuments } from "../demo/demo-documents.js";
import { attachDemoExpenseFiles } from "../demo/demo-expenses.js";
import { seedDemoMissionDocuments } from "../demo/demo-mission-documents.js";
import { attachDemoWallDocuments } from "../demo/demo-wall.js";
import { ensureNumberingSeries } from "../lib/numbering.js";
import type { FileStorage } from "../lib/storage/index.js";
import { ensureConfiguration } from "../modules/configuration/configuration.service.js";
import { ensureDefaultTemplates } from "../modules/mail/mail-templates.service.js";
import { ensureDefaultGrants } from "../modules/profiles/profiles.repository.js";
import type { DatabaseHandle } from "./client.js";
import { migrateDatabase } from "./migrate.js";

/**
 * Brings a database to a usable state: schema, default grants, configuration row, demo data if
 * asked (with its library of documents when a storage is given).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: Pick<AppConfig, "demoData">,
  storage?: FileStorage,
) {
  await migrateDatabase(handle);
  await handle.db.transaction(async (tx) => {
    await ensureDefaultGrants(tx);
    await ensureConfiguration(tx);
    await ensureDefaultTemplates(tx);
    await ensureNumberingSeries(tx);
  });
  const demoLoaded = options.demoData ? await seedDemoData(handle.db) : false;
  if (demoLoaded && storage) {
    await seedDemoDocuments(handle.db, storage);
    await seedDemoMissionDocuments(handle.db, storage);
    await attachDemoExpenseFiles(handle.db, storage);
    await attachDemoWallDocuments(handle.db);
  }
  return { demoLoaded };
}
