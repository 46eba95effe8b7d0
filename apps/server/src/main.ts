import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { prepareDatabase } from "./db/bootstrap.js";
import { openDatabase } from "./db/client.js";
import { acquirePgliteLock } from "./db/pglite-lock.js";
import { DEMO_PASSWORD } from "./demo/demo-data.js";
import { ensureDemoEvaluatorFile } from "./demo/demo-evaluators.js";
import { createShutdown } from "./lib/graceful-shutdown.js";
import { createStorage } from "./lib/storage/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Longer than any request should take, shorter than the 30 s most orchestrators wait before SIGKILL. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : acquirePgliteLock(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
    poolMax: config.pgPoolMax,
    captureSqlFile: config.sqlCaptureFile,
  });
  const storage = createStorage(config);
  const { demoLoaded } = await prepareDatabase(handle, config, storage);
  if (demoLoaded) await ensureDemoEvaluatorFile(storage);
  const app = await buildApp({
    storage,
    config: { ...config, webDist: config.webDist ?? path.resolve(here, "../../web/dist") },
    handle,
    logger: { level: config.logLevel },
  });

  const shutdown = createShutdown({
    app,
    closeDatabase: () => handle.close(),
    release: releaseLock,
    timeoutMs: SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.mailWorker.start();
  app.missionReminders.start();
  app.invoiceReminders.start();
  app.satisfactionSender.start();
  app.alertDigest.start();
  // A minute after the start: a backup due at once (the server was off at its hour) does not slow it.
  app.backupJob.start(60_000);
  if (!app.mailWorker.configured)
    app.log.warn("SMTP_URL non défini : les e-mails restent dans la file d'envoi (« non envoyé »).");
  const where = handle.kind === "pglite" ? `PGlite (${path.join(config.dataDir, "pglite")})` : "PostgreSQL";
  app.log.info(`Certidesk prêt sur ${config.publicUrl} — base : ${where}`);
  if (config.demoData && !demoLoaded) app.log.info("DEMO_DATA : base déjà remplie, démonstration non (re)chargée.");
  if (demoLoaded)
    app.log.info(`Données de démonstration chargées : comptes <profil>@demo.fr, mot de passe ${DEMO_PASSWORD}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
