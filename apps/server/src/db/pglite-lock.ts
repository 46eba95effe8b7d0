import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: two processes on one data directory corrupt it. The server holds a
 * pid file while it runs; the command-line tools refuse to open the directory while that pid lives.
 */
const lockPath = (dataDir: string) => path.join(dataDir, "pglite.pid");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function pgliteOwner(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockPath(dataDir), "utf8"));
    return pid && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquirePgliteLock(dataDir: string): () => void {
  const owner = pgliteOwner(dataDir);
  if (owner) throw new Error(`La base intégrée (${dataDir}) est déjà ouverte par le processus ${owner}.`);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockPath(dataDir), String(process.pid));
  return () => fs.rmSync(lockPath(dataDir), { force: true });
}
