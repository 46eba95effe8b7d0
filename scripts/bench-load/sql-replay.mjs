// The same SQL as an API call, run directly through a pg pool at the same concurrency.
import { createHash } from "node:crypto";
import fs from "node:fs";

/** The queries one call ran, read from the server's SQL capture file (SQL_CAPTURE_FILE). */
export async function captureCall(file, call) {
  fs.writeFileSync(file, "");
  const res = await call();
  // The capture is written synchronously before each query runs: once the response is here, all are.
  const queries = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    // Reads only: a list call writes nothing, and a background job's transaction (the mail outbox, the
    // reminders) caught in the window is not the call's SQL.
    .filter((q) => /^\s*(select|with)\b/i.test(q.query));
  return { status: res.status, queries };
}

/**
 * A call's captured queries as pg statements: named where the server named it (`prepared` in the capture,
 * PostgreSQL only), so parsed and planned once per connection; a capture without the flag (older, or
 * PGlite's) names every statement. The floor server (floor-server.mjs) runs them the same way.
 */
export function namedStatements(queries) {
  return queries.map((q) => ({
    ...(q.prepared !== false && { name: `replay_${createHash("sha1").update(q.query).digest("hex").slice(0, 16)}` }),
    text: q.query,
    values: q.params,
  }));
}

/**
 * `connections` loops for `seconds`, each running the call's queries one after the other, in the order
 * the server ran them (the page's ids and count, the page's details; the session is read once and kept),
 * and timing each round: requests per second and percentiles in the units autocannon prints (ms). A query
 * the server ran as a prepared statement (lib/prepared-by-shape.ts) is a named statement here too, parsed
 * and planned once per connection: unnamed, the replay paid a parse and a plan the server does not. One the
 * server ran unnamed (a search, planned for its words) stays unnamed: a generic plan could be another.
 */
export async function replay(pool, queries, { connections, seconds }) {
  const named = namedStatements(queries);
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      try {
        for (const q of named) await pool.query(q);
        latencies.push(performance.now() - t);
      } catch (error) {
        errors++;
        if (errors === 1) console.error(`  SQL : ${error.message}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
}
