import path from "node:path";
import { type AppConfig, loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { pgliteOwner } from "../db/pglite-lock.js";

/** The database the application would use, for the command-line tools. */
export async function openConfiguredDatabase(): Promise<{ config: AppConfig; handle: DatabaseHandle }> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const owner = pgliteOwner(config.dataDir);
    if (owner) fail(`Certidesk tourne encore sur la base intégrée (processus ${owner}) : arrêtez-le d'abord.`);
  }
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
  });
  return { config, handle };
}

export function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
