// EXPLAIN (ANALYZE, BUFFERS) of every query the invoice and mission lists run, case by case, on an
// existing PostgreSQL base (the scale base): `DATABASE_URL=… npx tsx bench/money-lists-explain.ts [case…]`.
// Prints, per case, each query's execution time and shared buffers; PLANS=1 prints the whole plans;
// DIGEST=file writes each case's answer (ids in order, total, totals) to compare two versions of the code.
// TODAY=YYYY-MM-DD fixes "today" (the mission states and the overdue flag depend on it); REPEAT=n keeps
// the fastest of n runs of each query.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { InvoiceListQuery, MissionListQuery } from "@certidesk/shared";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { systemClock } from "../src/lib/clock.js";
import { listInvoices } from "../src/modules/invoices/invoices.repository.js";
import { countMissionsByState, listMissions } from "../src/modules/missions/mission-list.repository.js";
import { loadDeadlineSettings } from "../src/modules/missions/missions.repository.js";

const databaseUrl = process.env.DATABASE_URL ?? "";
if (!databaseUrl) throw new Error("DATABASE_URL is required (PostgreSQL)");
const today = process.env.TODAY ?? systemClock.today();
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1));
const captureFile = path.join(os.tmpdir(), `money-lists-explain-${process.pid}.jsonl`);
const handle = await openDatabase({ databaseUrl, captureSqlFile: captureFile });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });

const one = async (text: string) => (await pool.query(text)).rows[0] as Record<string, string> | undefined;
const someClient = (await one("select client_id as id from invoices order by client_id limit 1 offset 500"))?.id;
const someMission = (
  await one("select mission_id as id from invoices where mission_id is not null order by mission_id limit 1 offset 300")
)?.id;
const someNumber = (
  await one("select number as n from invoices where number is not null order by number limit 1 offset 700")
)?.n;
const someContract = (await one("select number as n from contracts order by number limit 1 offset 900"))?.n;
const someAuditor = (
  await one("select auditor_id as id from mission_team_members group by 1 order by count(*) desc, 1 limit 1")
)?.id;

const inv = (q: Partial<InvoiceListQuery>): InvoiceListQuery => ({
  page: 1,
  pageSize: 50,
  sort: "issueDate",
  direction: "desc",
  ...q,
});
const mis = (q: Partial<MissionListQuery>): MissionListQuery => ({
  page: 1,
  pageSize: 50,
  sort: "firstDay",
  direction: "asc",
  ...q,
});

const settings = await loadDeadlineSettings(handle.db);
const all = { kind: "all" } as const;
type Case = [string, () => Promise<unknown>];
const invoiceCase = (label: string, q: Partial<InvoiceListQuery>): Case => [
  `factures ${label}`,
  async () => {
    const r = await listInvoices(handle.db, inv(q), today);
    return { ids: (JSON.parse(r.items) as Array<{ id: string }>).map((x) => x.id), total: r.total, totals: r.totals };
  },
];
const missionCase = (label: string, q: Partial<MissionListQuery>): Case => [
  `missions ${label}`,
  async () => {
    const r = await listMissions(handle.db, mis(q), all, async () => settings, today);
    return { rows: JSON.parse(r.items) as unknown[], total: r.total };
  },
];
const countsCase = (label: string, q: Partial<MissionListQuery>): Case => [
  `missions compteurs ${label}`,
  async () => Object.fromEntries(await countMissionsByState(handle.db, mis(q), all, async () => settings, today)),
];

const INVOICE_SORTS = ["issueDate", "number", "dueDate", "client", "totalTtc", "status"] as const;
const MISSION_SORTS = ["firstDay", "raisonSocial", "status", "kind", "preliminaryReportDue"] as const;
const CASES: Case[] = [
  invoiceCase("défaut", {}),
  ...INVOICE_SORTS.flatMap((sort) => [
    invoiceCase(`tri ${sort} asc`, { sort, direction: "asc" }),
    invoiceCase(`tri ${sort} desc`, { sort, direction: "desc" }),
  ]),
  invoiceCase("page 100", { page: 100 }),
  ...(["INVOICE_PREPARE", "INVOICE_SEND", "INVOICE_PARTIALLY_PAID", "INVOICE_PAID"] as const).map((status) =>
    invoiceCase(`statut ${status}`, { status }),
  ),
  invoiceCase("période mars 2026", { from: "2026-03-01", to: "2026-03-31" }),
  invoiceCase("période mars 2026 tri client", {
    from: "2026-03-01",
    to: "2026-03-31",
    sort: "client",
    direction: "asc",
  }),
  invoiceCase('recherche "ehpad"', { search: "ehpad" }),
  invoiceCase('recherche "ehpad" payées', { search: "ehpad", status: "INVOICE_PAID" }),
  invoiceCase(`recherche numéro ${someNumber}`, { search: someNumber }),
  invoiceCase(`recherche contrat ${someContract}`, { search: someContract }),
  invoiceCase('recherche "Ehpad angers"', { search: "Ehpad angers" }),
  invoiceCase('recherche "équipe"', { search: "équipe" }),
  invoiceCase("client", { clientId: someClient }),
  invoiceCase("mission", { missionId: someMission }),
  missionCase("défaut", {}),
  ...MISSION_SORTS.flatMap((sort) => [
    missionCase(`tri ${sort} asc`, { sort, direction: "asc" }),
    missionCase(`tri ${sort} desc`, { sort, direction: "desc" }),
  ]),
  missionCase("page 100", { page: 100 }),
  ...(["TO_PLAN", "PLANNED", "VISIT_PAST", "REPORT_LATE", "FINALISED"] as const).map((status) =>
    missionCase(`statut ${status}`, { status }),
  ),
  missionCase("évaluateur", { auditorId: someAuditor }),
  missionCase("période mars 2026", { from: "2026-03-01", to: "2026-03-31" }),
  missionCase('recherche "ehpad"', { search: "ehpad" }),
  missionCase(`recherche contrat ${someContract}`, { search: someContract }),
  missionCase('recherche "Ehpad angers"', { search: "Ehpad angers" }),
  missionCase('recherche "ehpad" tri statut', { search: "ehpad", sort: "status" }),
  countsCase("défaut", {}),
  countsCase("évaluateur", { auditorId: someAuditor }),
  countsCase("période mars 2026", { from: "2026-03-01", to: "2026-03-31" }),
  countsCase('recherche "ehpad"', { search: "ehpad" }),
];

const wanted = process.argv.slice(2);
const digest: Record<string, unknown> = {};
for (const [label, run] of CASES) {
  if (wanted.length && !wanted.some((w) => label.includes(w))) continue;
  fs.writeFileSync(captureFile, "");
  digest[label] = await run();
  const queries = fs
    .readFileSync(captureFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { query: string; params: unknown[] })
    .filter((q) => /^\s*(select|with)\b/i.test(q.query) && !q.query.includes("mission_deadline_settings"));
  console.log(`\n## ${label}`);
  let sum = 0;
  for (const q of queries) {
    let plan: string[] = [];
    let ms = Number.POSITIVE_INFINITY;
    // The fastest of REPEAT runs: on a shared machine the slower ones measure the other processes.
    for (let i = 0; i < repeat; i++) {
      const run = (await pool.query(`explain (analyze, buffers) ${q.query}`, q.params)).rows.map(
        (r) => r["QUERY PLAN"] as string,
      );
      const t = Number(/Execution Time: ([\d.]+)/.exec(run.at(-1) ?? "")?.[1] ?? 0);
      if (t < ms) [ms, plan] = [t, run];
    }
    sum += ms;
    const buffers = plan.find((l) => l.trim().startsWith("Buffers:"))?.trim() ?? "";
    console.log(`  ${ms.toFixed(2).padStart(8)} ms  ${buffers.padEnd(40)} ${plan[0]?.slice(0, 70)}`);
    if (process.env.PLANS) console.log(`${q.query}\n${plan.join("\n")}\n`);
  }
  console.log(`  ${sum.toFixed(2).padStart(8)} ms  en tout (${queries.length} requêtes)`);
}
if (process.env.DIGEST) fs.writeFileSync(process.env.DIGEST, JSON.stringify(digest, null, 1));
fs.rmSync(captureFile, { force: true });
await pool.end();
await handle.close();
