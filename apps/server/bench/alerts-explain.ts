// EXPLAIN ANALYZE of one rule's page query on an existing database (e.g. the one alerts-scale.ts grew):
// `DATABASE_URL=… npx tsx bench/alerts-explain.ts <rule-code|page-code|summary> [count]`.
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client.js";
import { systemClock } from "../src/lib/clock.js";
import { countByRule, countCases, listCases, thresholds } from "../src/modules/alerts/alerts.repository.js";
import { ALERT_RULES } from "../src/modules/alerts/registry.js";

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? "" });
// A rule's code, or a page's code (ALERT_DATE…) for the UNION ALL of its rules.
const rules = ALERT_RULES.filter(
  (r) => process.argv[2] === "summary" || r.code === process.argv[2] || r.page === process.argv[2],
);
if (rules.length === 0) throw new Error(`no rule ${process.argv[2]}`);
const lines: string[] = [];
const explaining = {
  execute: async (q: ReturnType<typeof sql>) => {
    const plan = await handle.db.execute(sql`explain (analyze, buffers) ${q}`);
    for (const row of (plan as unknown as { rows: Array<Record<string, string>> }).rows)
      lines.push(Object.values(row)[0] ?? "");
    return { rows: [] };
  },
};
const ctx = { db: explaining as never, today: systemClock.today(), now: new Date() };
const q = { rules, days: await thresholds(handle.db, rules) };
if (process.argv[2] === "summary") await countByRule(ctx, rules, q.days);
else if (process.argv[3] === "count") await countCases(ctx, q);
else await listCases(ctx, q, { limit: 50, offset: 0 });
console.log(lines.join("\n"));
await handle.close();
