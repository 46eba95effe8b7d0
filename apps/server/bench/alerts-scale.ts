// Alert pages at scale: the demo base grown to 10,000 clients and 50,000 missions (with their
// contracts, teams and mission orders; most missions past and finalised, a few percent of orders
// unanswered or refused, as in a real body's base), then every alert Count and page timed through the whole
// stack, and the plan of the slowest printed. Prints numbers, never fails. `npx tsx bench/alerts-scale.ts`
// (PGlite in memory), or with DATABASE_URL pointing to an empty PostgreSQL database.
import { performance } from "node:perf_hooks";
import { ALERT_PAGES } from "@certidesk/shared";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { prepareDatabase } from "../src/db/bootstrap.js";
import { openDatabase } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/demo/demo-data.js";
import { systemClock } from "../src/lib/clock.js";
import { listCases, thresholds } from "../src/modules/alerts/alerts.repository.js";
import { ALERT_RULES } from "../src/modules/alerts/registry.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const handle = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({ pgliteDir: "memory://" });
const config = { ...loadConfig({ DATA_DIR: "/tmp/certidesk-alerts-bench" }), demoData: true };
await prepareDatabase(handle, config);
const db = handle.db;
const t0 = performance.now();
// A base already grown (a second run on the same DATABASE_URL) is timed as it is: before/after on the same rows.
const grown = await db.execute(sql`select 1 from clients where raison_social = 'ESSMS Échelle 1'`);
const alreadyGrown = ((grown as unknown as { rows?: unknown[] }).rows ?? (grown as unknown as unknown[])).length > 0;
if (!alreadyGrown) {
  await db.execute(sql`insert into clients (raison_social, postal_code, departement, client_since, date_relance, evaluation_date)
  select 'ESSMS Échelle ' || i, lpad(((i % 95) + 1)::text, 2, '0') || '000', lpad(((i % 95) + 1)::text, 2, '0'),
    now() - (i % 900) * interval '1 day', current_date + (i % 600) - 30, case when i % 30 = 0 then null else current_date + (i % 400) end
  from generate_series(1, 10000) i`);
  await db.execute(sql`insert into contracts (request_id, number, status, signature_date, deadline, amount_ht, vat_rate, amount_vat,
    amount_ttc, travel_expense_mode, feb)
  select (select id from request_clients order by id limit 1), 'C-SCALE-' || i, case when i % 10 = 0 then 'SENT' else 'SIGNED' end,
    current_date - (i % 700), case when i % 500 = 0 then null else current_date + (i % 90) - 45 end, 5000, 0.2, 1000, 6000, 2,
    jsonb_build_object('staffCount', case when i % 20 = 0 then null else 30 end,
      'authorisationEndDate', (current_date + (i % 2000))::text)
  from generate_series(1, 50000) i`);
  await db.execute(sql`insert into contract_establishments (contract_id, client_id)
  select k.id, c.id from (select id, row_number() over (order by id) as n from contracts where number like 'C-SCALE-%') k
  join (select id, row_number() over (order by id) as n from clients where raison_social like 'ESSMS Échelle %') c
    on c.n = (k.n % 10000) + 1`);
  await db.execute(sql`insert into missions (contract_id, client_id, kind, status, first_day, last_day)
  select ce.contract_id, ce.client_id, 'ESSMS_EVALUATION', case when d.first < current_date - 60 then 'FINALISED' else 'OPEN' end,
    d.first, d.first + 1
  from contract_establishments ce join contracts k on k.id = ce.contract_id and k.number like 'C-SCALE-%'
  cross join lateral (select current_date - 1500 + (abs(hashtext(ce.contract_id::text)) % 1700) as first) d`);
  await db.execute(sql`insert into mission_team_members (mission_id, auditor_id, role)
  select m.id, a.id, case when a.n = 1 then 'COORDINATOR' else 'EVALUATOR' end
  from missions m cross join lateral (select id, row_number() over () as n from auditors
    order by md5(m.id::text || auditors.id::text) limit (case when hashtext(m.id::text) % 50 = 0 then 1 else 2 end)) a
  on conflict do nothing`);
  await db.execute(sql`insert into mission_orders (mission_id, auditor_id, role, status, sent_at, answered_at, created_at)
  select tm.mission_id, tm.auditor_id, tm.role, case abs(hashtext(tm.mission_id::text || tm.auditor_id::text)) % 100 when 0 then 'SENT' when 1 then 'REFUSE'
      when 2 then 'WAITING' else 'ACCEPT' end,
    now() - interval '20 days' - d.n * interval '1 day', now() - interval '10 days' - d.n * interval '1 day',
    now() - interval '20 days' - d.n * interval '1 day'
  from mission_team_members tm cross join lateral (select abs(hashtext(tm.mission_id::text)) % 200 as n) d`);
  // VACUUM as autovacuum soon would on a real base: the visibility map lets rules read their indexes alone.
  await db.execute(sql`vacuum analyze`);
}
console.log(
  `Base ${alreadyGrown ? "déjà agrandie" : "agrandie"} en ${Math.round(performance.now() - t0)} ms (${handle.kind})`,
);

const app = await buildApp({ config, handle });
const login = await app.inject({
  method: "POST",
  url: "/auth/login",
  payload: { identifier: "dir@demo.fr", password: DEMO_PASSWORD },
});
const headers = { authorization: `Bearer ${login.json().accessToken}` };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const urls = [
  "/api/alerts/summary",
  ...ALERT_PAGES.flatMap((p) => [
    `/api/alerts/getAlert${p.apiName}Count`,
    `/api/alerts/getAlert${p.apiName}?pageSize=50`,
  ]),
];
for (const url of urls) {
  const times: number[] = [];
  let body = "";
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    body = (await app.inject({ url, headers })).body;
    times.push(performance.now() - start);
  }
  console.log(`${url.padEnd(48)} ${median(times).toFixed(1).padStart(8)} ms  ${body.slice(0, 40)}`);
}
if (process.env.EXPLAIN) {
  const rule = ALERT_RULES.find((r) => r.code === process.env.EXPLAIN);
  if (rule) {
    const ctx = { db, today: systemClock.today(), now: new Date() };
    const days = await thresholds(db, [rule]);
    const captured: string[] = [];
    const explainDb = {
      execute: async (q: ReturnType<typeof sql>) => {
        const plan = await db.execute(sql`explain analyze ${q}`);
        captured.push(
          ...(plan as unknown as { rows: Array<Record<string, string>> }).rows.map((r) => Object.values(r)[0] ?? ""),
        );
        return { rows: [] };
      },
    };
    await listCases({ ...ctx, db: explainDb as never }, { rules: [rule], days }, { limit: 50, offset: 0 });
    console.log(captured.join("\n"));
  }
}
await app.close();
await handle.close();
