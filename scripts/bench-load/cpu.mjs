// Processor time spent by the server and by PostgreSQL during a run, read from /proc (Linux): unlike
// req/s and latencies, it does not move with what else the machine runs, so it says where a request's
// cost goes (docs/performance.md). Elsewhere than Linux it reads nothing and the bench prints "—".
import fs from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux the bench runs on

/** utime + stime of a process, in seconds (0 if it is gone or /proc is absent). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces: the fields after it start past the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (a local server: its backends are the "postgres" processes). */
function postgresPids() {
  let entries = [];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  return entries.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
    } catch {
      return false;
    }
  });
}

const available = fs.existsSync("/proc/self/stat");

/** Starts counting; `stop(requests)` returns the ms of processor per request of the server and of PostgreSQL. */
export function cpuMeter(serverPid) {
  const start = { server: cpuSeconds(serverPid), postgres: new Map(postgresPids().map((p) => [p, cpuSeconds(p)])) };
  return {
    stop(requests) {
      if (!available || !requests) return { serverMs: Number.NaN, postgresMs: Number.NaN };
      const server = cpuSeconds(serverPid) - start.server;
      // A backend that started during the run counts from zero; one that ended is lost (rare: pooled).
      let postgres = 0;
      for (const pid of postgresPids()) postgres += cpuSeconds(pid) - (start.postgres.get(pid) ?? 0);
      return { serverMs: (server * 1000) / requests, postgresMs: (postgres * 1000) / requests };
    },
  };
}

/**
 * Resolves once the server has been idle for a second (under 5 % of a core), or after `maxSeconds`: at
 * start it computes the alerts and runs its periodic jobs, which the first call measured would otherwise pay.
 */
export async function untilIdle(serverPid, maxSeconds = 60) {
  if (!available) return;
  const end = Date.now() + maxSeconds * 1000;
  while (Date.now() < end) {
    const before = cpuSeconds(serverPid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuSeconds(serverPid) - before < 0.05) return;
  }
}
