import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: two processes on one data directory corrupt it. The server holds a
 * pid file while it runs; the command-line tools refuse to open the directory while that process lives.
 *
 * A server killed without warning (SIGKILL, a power cut) leaves its file behind. The next start must not
 * take it for a running server: the file names the process by its pid and, on Linux, its start time
 * (/proc/<pid>/stat), so a pid given since to another process (after a reboot, or a container restart
 * that numbers its processes the same way) does not block the restart.
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

/** When the process started, in clock ticks since boot (Linux); null where /proc does not say. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime 22.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

export function pgliteOwner(dataDir: string): number | null {
  try {
    const [pidText = "", started] = fs.readFileSync(lockPath(dataDir), "utf8").trim().split(":");
    const pid = Number(pidText);
    if (!pid || pid === process.pid || !alive(pid)) return null;
    const now = processStart(pid);
    return started && now && now !== started ? null : pid;
  } catch {
    return null;
  }
}

export function acquirePgliteLock(dataDir: string): () => void {
  const owner = pgliteOwner(dataDir);
  if (owner) throw new Error(`La base intégrée (${dataDir}) est déjà ouverte par le processus ${owner}.`);
  fs.mkdirSync(dataDir, { recursive: true });
  const started = processStart(process.pid);
  fs.writeFileSync(lockPath(dataDir), started ? `${process.pid}:${started}` : String(process.pid));
  return () => fs.rmSync(lockPath(dataDir), { force: true });
}
