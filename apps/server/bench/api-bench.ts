// API list benchmark: a demo database in memory, then the lists the screens load, timed through
// the whole stack (routing, authorization, SQL, serialisation). It prints numbers and never fails
// on them. Run with `npm run bench` at the root.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { prepareDatabase } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/demo/demo-data.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** Each screen's list call; later modules add theirs. */
const CASES: Array<{ label: string; method?: "GET" | "POST"; url: string; payload?: object }> = [
  { label: "Journal, 1000 lignes, plus récentes", url: "/api/audit-log?pageSize=1000" },
  { label: "Journal, 1000 lignes, tri par auteur", url: "/api/audit-log?pageSize=1000&sort=actorLabel&direction=asc" },
  { label: "Journal, recherche sans accents", url: "/api/audit-log?pageSize=1000&search=lefevre" },
  { label: "Utilisateurs, page de 50", url: "/api/users?pageSize=50" },
  { label: "Documents, page de 50", url: "/api/documents?pageSize=50" },
  { label: "E-mails, page de 50", url: "/api/mails?pageSize=50" },
  { label: "Clients, page de 50", method: "POST", url: "/api/client/getListClient", payload: { pageSize: 50 } },
  {
    label: "Clients, recherche et tri par évaluation",
    method: "POST",
    url: "/api/client/getListClient",
    payload: { search: "ehpad", pageSize: 50, sort: { key: "evaluationDate", direction: "desc" } },
  },
  { label: "Prospects en cours", url: "/requestclients/getListProspectByProspectType/EnCours" },
  { label: "Missions, page de 50", url: "/api/missions?pageSize=50" },
  { label: "Missions, nombres par état", url: "/api/missions/counts" },
  { label: "Planning d'un mois chargé (toutes les missions)", url: "/api/missions/planning?month=2027-03" },
  { label: "Alertes, onglets avec leurs nombres", url: "/api/alerts/summary" },
  ...["Demandes", "Feb", "Evaluateur", "Linkinterest", "Planification", "Date"].flatMap((page) => [
    { label: `Alertes ${page}, nombre`, url: `/api/alerts/getAlert${page}Count` },
    { label: `Alertes ${page}, page de 50`, url: `/api/alerts/getAlert${page}?pageSize=50` },
  ]),
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const started = performance.now();
const handle = await openDatabase({ pgliteDir: "memory://" });
const config = { ...loadConfig({ DATA_DIR: "/tmp/certidesk-bench" }), demoData: true };
await prepareDatabase(handle, config);
const app = await buildApp({ config, handle });
console.log(`Base de démonstration prête en ${Math.round(performance.now() - started)} ms (PGlite en mémoire)`);

// The planning board's worst month: every demo mission visits in March 2027 (two days each), each
// with two evaluators at least, so the board lays out some 200 missions over the demo's 40 evaluators.
await handle.db.execute(sql`
  insert into mission_days (mission_id, day, time_slot_id, day_fraction, position, programme)
  select m.id, date '2027-03-01' + ((n.i % 27) + d.k)::int, 1, 1, 90 + d.k, '[]'::jsonb
  from (select id, row_number() over (order by id) as i from missions) n
  join missions m on m.id = n.id
  cross join (values (0), (1)) as d(k)`);
await handle.db.execute(sql`
  insert into mission_team_members (mission_id, auditor_id, role)
  select m.id, a.id, 'EVALUATOR'
  from missions m
  cross join lateral (select id from auditors order by md5(m.id::text || auditors.id::text) limit 2) a
  on conflict do nothing`);

const login = await app.inject({
  method: "POST",
  url: "/auth/login",
  payload: { identifier: "dir@demo.fr", password: DEMO_PASSWORD },
});
const headers = { authorization: `Bearer ${login.json().accessToken}` };

console.log(`\n${"Appel".padEnd(46)} ${"médiane".padStart(9)} ${"min".padStart(7)} ${"max".padStart(7)}  lignes`);
for (const c of CASES) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: c.method ?? "GET", url: c.url, headers, payload: c.payload });
    times.push(performance.now() - t0);
    const body = response.json() as { items?: unknown[]; bookings?: unknown[] };
    rows = (body.items ?? body.bookings)?.length ?? 0;
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
  console.log(
    `${c.label.padEnd(46)} ${ms(median(times))} ${ms(Math.min(...times))} ${ms(Math.max(...times))}  ${rows}`,
  );
}
await app.close();
await handle.close();
