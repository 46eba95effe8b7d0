// Load benchmark (issue 14): npm run bench:load [-- --smoke] [--seconds 10] [--warmup 1] [--scale 1] [--seed 1] [--only text]
// Starts the compiled server on a scale base (PostgreSQL when DATABASE_URL is set, else PGlite in
// DATA_DIR or a folder of the system's temporary directory), signs in, and drives the screens' list calls
// with autocannon at 1 and 50 connections (10 on PGlite). On PostgreSQL, each call's SQL — captured
// from the server itself — is then run directly through a pg pool of the server's size at the same
// concurrency, so the API/SQL ratio comes from one run on one machine; and, between the two, served by the
// smallest Node.js server (bench-load/floor-server.mjs: node:http and pg), the floor any Node.js API would
// start from: API/floor is what Certidesk's own layers cost. Times are printed, never asserted:
// --smoke (CI) only checks that every call answers 200 without error.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { cpuMeter, untilIdle } from "./bench-load/cpu.mjs";
import { rssMb, run, signIn, startFloor, startServer } from "./bench-load/server.mjs";
import { captureCall, replay } from "./bench-load/sql-replay.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const smoke = args.includes("--smoke");
const seconds = Number(arg("seconds", smoke ? 0.25 : 10));
// The smoke sends a fixed number of requests per call (errors show at once, not over time): ~35 calls,
// each to the API, the floor and the SQL replay, took 100 s of CI at a second each.
const SMOKE_REQUESTS = 25;
const scale = arg("scale", smoke ? "0.01" : "1");
const seed = arg("seed", "1");
// --only journal (or "clients tri"): the calls whose label contains that text, to measure one list.
const only = arg("only", "");
// Each call runs this long before it is measured, at the level measured (not in --smoke): the compiled code,
// each pool connection's prepared statement and the caches are then as a server that has been running has them.
const warmup = smoke ? 0 : Number(arg("warmup", 1));
const port = Number(process.env.BENCH_PORT ?? process.env.PORT ?? 3890);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl
  ? path.join(os.tmpdir(), "certidesk-bench-files")
  : (process.env.DATA_DIR ?? path.join(os.tmpdir(), `certidesk-bench-${scale}-${seed}`));
const poolMax = Number(process.env.PG_POOL_MAX ?? 10);
// The smoke looks for errors, not times: one level, several connections at once (where errors show).
const levels = smoke ? [5] : databaseUrl ? [1, 50] : [1, 10];
const base = `http://127.0.0.1:${port}`;
const env = {
  DATABASE_URL: databaseUrl ?? "",
  DATA_DIR: dataDir,
  DEMO_DATA: "true",
  // A daily backup holds the embedded base for its reading: never in the middle of a measurement.
  DAILY_BACKUP: "0",
  PG_POOL_MAX: String(poolMax),
};

// The client list: every filter, every sort key both ways, a search (shared/schemas/clients.ts).
const FILTERS = ["all", "NO_EVALUATION_DATE", "EVALUATION_DATE", "AUDIT_DATE_PAST", "EVALUATION_FINISH"];
const SORTS = [
  "raisonSocial",
  "postalCode",
  "city",
  "contactName",
  "gestionnaireRaisonSocial",
  "evaluationDate",
  "dateRelance",
  "status",
  "createdAt",
];
const clientList = (label, body) => ({
  label,
  method: "POST",
  path: "/api/client/getListClient",
  body: { pageSize: 50, ...body },
});
/** A list's default page, then (outside --smoke) a sort, a filter and a search of its screen, labelled "list …". */
const listCalls = (label, path, more) => [
  { label, method: "GET", path },
  ...(smoke ? [] : more.map(([what, p]) => ({ label: `${label} ${what}`, method: "GET", path: p }))),
];
const ALL_CALLS = [
  clientList("clients", {}),
  ...FILTERS.slice(1).map((filter) => clientList(`clients filtre ${filter}`, { filter })),
  ...SORTS.slice(1).flatMap((key) => [
    clientList(`clients tri ${key}`, { sort: { key, direction: "asc" } }),
    ...(smoke ? [] : [clientList(`clients tri ${key} desc`, { sort: { key, direction: "desc" } })]),
  ]),
  clientList('clients recherche "ehpad"', { search: "ehpad" }),
  // What a browser asks: the same page, compressed (brotli), as every screen receives it.
  { ...clientList("clients (navigateur, brotli)", {}), headers: { "accept-encoding": "gzip, deflate, br" } },
  ...listCalls("prospects", "/requestclients/getListProspectByProspectType/all?pageSize=50", [
    [
      "tri raisonSocial, en cours",
      "/requestclients/getListProspectByProspectType/EnCours?pageSize=50&sortKey=raisonSocial&direction=asc",
    ],
    ["tri postalCode desc", "/requestclients/getListProspectByProspectType/all?pageSize=50&sortKey=postalCode"],
    ["refusés", "/requestclients/getListProspectByProspectType/REFUSE?pageSize=50"],
    ['recherche "tilleuls"', "/requestclients/getListProspectByProspectType/all?pageSize=50&search=tilleuls"],
  ]),
  ...listCalls("gestionnaires", "/api/gestionnaires?pageSize=50", [
    ["tri establishments desc", "/api/gestionnaires?pageSize=50&sortKey=establishments&direction=desc"],
    ['recherche "association"', "/api/gestionnaires?pageSize=50&search=association"],
  ]),
  ...listCalls("documents", "/api/documents?pageSize=50", [
    ["tri name", "/api/documents?pageSize=50&sort=name&direction=asc"],
    ["filtre CLIENT", "/api/documents?pageSize=50&family=CLIENT"],
    ['recherche "rapport"', "/api/documents?pageSize=50&search=rapport"],
  ]),
  ...listCalls("mails", "/api/mails?pageSize=50", [
    ["tri subject", "/api/mails?pageSize=50&sort=subject&direction=asc"],
    ["filtre SENT", "/api/mails?pageSize=50&status=SENT"],
    ['recherche "devis"', "/api/mails?pageSize=50&search=devis"],
  ]),
  // The mail screen asks for the counts per status (its tabs) with every view of the list.
  { label: "mails compteurs", method: "GET", path: "/api/mails/summary" },
  ...listCalls("journal", "/api/audit-log?pageSize=50", [
    ["tri actorLabel", "/api/audit-log?pageSize=50&sort=actorLabel&direction=asc"],
    ["filtre client, update", "/api/audit-log?pageSize=50&entityType=client&action=update"],
    ['recherche "42614"', "/api/audit-log?pageSize=50&search=42614"],
    ['recherche "règlement"', `/api/audit-log?pageSize=50&search=${encodeURIComponent("règlement")}`],
  ]),
  { label: "missions", method: "GET", path: "/api/missions?pageSize=50" },
  // The missions screen also asks for the counts per state (its tabs), and offers a state sort and filter.
  { label: "missions compteurs", method: "GET", path: "/api/missions/counts" },
  { label: "missions tri status", method: "GET", path: "/api/missions?pageSize=50&sort=status&direction=asc" },
  { label: "missions statut PLANNED", method: "GET", path: "/api/missions?pageSize=50&status=PLANNED" },
  { label: 'missions recherche "ehpad"', method: "GET", path: "/api/missions?pageSize=50&search=ehpad" },
  { label: "factures", method: "GET", path: "/api/invoices?pageSize=50" },
  { label: "factures tri client", method: "GET", path: "/api/invoices?pageSize=50&sort=client&direction=asc" },
  { label: "factures statut INVOICE_PREPARE", method: "GET", path: "/api/invoices?pageSize=50&status=INVOICE_PREPARE" },
  { label: 'factures recherche "ehpad"', method: "GET", path: "/api/invoices?pageSize=50&search=ehpad" },
  // The global search (issue 40; target: p99 ≤ 50 ms at one connection): a frequent word, then (outside --smoke)
  // a misspelt one (corrected through the dictionary), three words, a number without its separators.
  { label: 'recherche globale "ehpad"', method: "GET", path: "/api/search?q=ehpad" },
  ...(smoke
    ? []
    : [
        { label: 'recherche globale "ehapd" (faute)', method: "GET", path: "/api/search?q=ehapd" },
        {
          label: 'recherche globale "tilleuls lyon ehpad"',
          method: "GET",
          path: "/api/search?q=tilleuls%20lyon%20ehpad",
        },
        { label: 'recherche globale "f20200001"', method: "GET", path: "/api/search?q=f20200001" },
      ]),
];
const CALLS = ALL_CALLS.filter((c) => c.label.includes(only));
if (CALLS.length === 0) {
  console.error(`Aucun appel ne contient « ${only} ».`);
  process.exit(2);
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

console.log(`\n=== Base : ${databaseUrl ? "PostgreSQL" : `PGlite (${dataDir})`}, échelle ${scale}, graine ${seed}`);
console.log(
  `Machine : ${os.cpus().length} cœurs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, charge ${load()}`,
);
const build = await run(process.execPath, ["scripts/build.mjs", "--if-changed", "server"]);
if (build.code !== 0) process.exit(1);

// 1. The demo (first start, if the base is new), then the scale volume (once per base).
let server = await startServer({ port, env });
await server.stop();
const seeded = await run(process.execPath, ["apps/server/dist/seed-scale.js", "--scale", scale, "--seed", seed], env);
if (seeded.code !== 0 && !seeded.output.includes("déjà reçu")) process.exit(1);

// 2. The SQL of each call, captured by a server started with SQL_CAPTURE_FILE.
const captureFile = path.join(os.tmpdir(), `certidesk-bench-sql-${process.pid}.jsonl`);
server = await startServer({ port, env: { ...env, SQL_CAPTURE_FILE: captureFile } });
let headers = await signIn(base);
// The server keeps a session it has read (modules/auth/session-cache.ts): read it once before the capture,
// so that every call's SQL is what it runs under load, its own statements only.
await fetch(`${base}/auth/me`, { headers });
const request = (c) =>
  fetch(`${base}${c.path}`, { method: c.method, headers, body: c.body ? JSON.stringify(c.body) : undefined });
const failures = [];
for (const c of CALLS) {
  // Called once before its capture, as under load: a search's total, once counted, is remembered while the
  // data do not change (lib/versioned-totals.ts), and the calls that follow do not count it again.
  await request(c);
  const { status, queries } = await captureCall(captureFile, () => request(c));
  c.queries = queries;
  if (status !== 200) failures.push(`${c.label} : HTTP ${status}`);
}
await server.stop();

// 3. The load, each call at each level; then, same level, the floor (the same SQL behind the smallest Node.js
// server, PostgreSQL only: bench-load/floor-server.mjs) and the SQL alone.
const floorFile = path.join(os.tmpdir(), `certidesk-bench-floor-${process.pid}.json`);
fs.writeFileSync(floorFile, JSON.stringify(CALLS.map((c) => c.queries)));
const floor = databaseUrl ? await startFloor({ port: port + 1, env, callsFile: floorFile }) : null;
server = await startServer({ port, env });
headers = await signIn(base);
if (smoke) await new Promise((r) => setTimeout(r, 500));
else await untilIdle(server.pid);
const idleRss = rssMb(server.pid);
let peakRss = idleRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.pid));
}, 250);
// Connections as the server opens them (db/client.ts): without JIT.
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: poolMax, options: "-c jit=off" }) : null;
const rows = [];
for (const c of CALLS) {
  for (const connections of levels) {
    const drive = (duration, url = `${base}${c.path}`) =>
      autocannon({
        url,
        method: c.method,
        headers: { ...headers, ...c.headers },
        body: c.body ? JSON.stringify(c.body) : undefined,
        connections,
        ...(smoke ? { amount: SMOKE_REQUESTS } : { duration }),
      });
    if (warmup > 0) await drive(warmup);
    const cpu = cpuMeter(server.pid);
    const api = await drive(seconds);
    const { serverMs, postgresMs } = cpu.stop(api.requests.total);
    const floorUrl = `http://127.0.0.1:${port + 1}/${CALLS.indexOf(c)}`;
    if (floor && warmup > 0) await drive(warmup, floorUrl);
    const floorCpu = floor && cpuMeter(floor.pid);
    const bare = floor && (await drive(seconds, floorUrl));
    const floorMs = bare ? floorCpu.stop(bare.requests.total).serverMs : undefined;
    const sql = pool ? await replay(pool, c.queries, { connections, seconds }) : null;
    const errors = api.errors + api.timeouts + api.non2xx;
    if (errors) failures.push(`${c.label} × ${connections} : ${errors} erreurs (non 2xx ${api.non2xx})`);
    // A replay that fails measures nothing (a capture without a statement's values read 0 req/s): an error too.
    const floorErrors = bare ? bare.errors + bare.timeouts + bare.non2xx : 0;
    if (floorErrors) failures.push(`${c.label} × ${connections} : ${floorErrors} erreurs du serveur plancher`);
    if (sql?.errors) failures.push(`${c.label} × ${connections} : ${sql.errors} erreurs du SQL rejoué`);
    if (sql && c.queries.length === 0) failures.push(`${c.label} : aucune requête SQL capturée`);
    const row = {
      call: c.label,
      connections,
      queries: c.queries.length,
      apiRps: api.requests.average,
      apiP50: api.latency.p50,
      apiP99: api.latency.p99,
      errors,
      // Processor time per request: the server's, and PostgreSQL's (its server's processes; PGlite runs inside the server).
      serverCpuMs: serverMs,
      floorRps: bare?.requests.average,
      floorP50: bare?.latency.p50,
      floorP99: bare?.latency.p99,
      floorCpuMs: floorMs,
      postgresCpuMs: pool ? postgresMs : undefined,
      sqlRps: sql?.rps,
      sqlP50: sql?.p50,
      sqlP99: sql?.p99,
      load: os.loadavg()[0],
    };
    rows.push(row);
    console.log(
      [
        row.call.padEnd(36),
        `×${String(connections).padStart(2)}`,
        `API ${fmt(row.apiRps, 0).padStart(5)} req/s p50 ${fmt(row.apiP50).padStart(6)} p99 ${fmt(row.apiP99).padStart(6)} ms, ${errors} err`,
        bare
          ? `| plancher ${fmt(row.floorRps, 0).padStart(5)} req/s p99 ${fmt(row.floorP99).padStart(6)} ms, API/plancher ${fmt(row.floorRps / row.apiRps, 2)}`
          : "",
        sql
          ? `| SQL (${row.queries} req.) ${fmt(sql.rps, 0).padStart(5)} req/s p50 ${fmt(sql.p50).padStart(6)} p99 ${fmt(sql.p99).padStart(6)} ms | ratio p50 ${row.apiP50 >= 1 ? fmt(row.apiP50 / sql.p50, 2) : "—"}, débit ${fmt(sql.rps / row.apiRps, 2)}`
          : "",
        `| CPU/req. serveur ${fmt(serverMs, 2)}${bare ? ` plancher ${fmt(floorMs, 2)}` : ""}${pool ? ` PG ${fmt(postgresMs, 2)}` : ""} ms`,
        `| charge ${fmt(row.load)}`,
      ].join("  "),
    );
  }
}
clearInterval(sampler);
await pool?.end();
await floor?.stop();
fs.rmSync(floorFile, { force: true });
const afterRss = rssMb(server.pid);
await server.stop();
console.log(
  `\nMémoire résidente du serveur : ${idleRss} Mo au repos, pic ${peakRss} Mo sous charge, ${afterRss} Mo après.`,
);
console.log(`Charge moyenne de la machine (1 / 5 / 15 min) : ${load()}`);
if (process.env.BENCH_JSON)
  fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, idleRss, peakRss, afterRss }, null, 2));
if (failures.length) {
  console.error(`\n${failures.length} échec(s) :\n${failures.join("\n")}`);
  process.exit(1);
}
