// Each rule's cases counted alone (median of 5, JIT off) on an existing database, the engine left out:
// which rule makes a page slow. `DATABASE_URL=… [EXPLAIN=1] npx tsx bench/alerts-rules.ts [rule-code…]` (EXPLAIN prints each plan).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client.js";
import { systemClock } from "../src/lib/clock.js";
import { thresholds } from "../src/modules/alerts/alerts.repository.js";
import { ALERT_RULES } from "../src/modules/alerts/registry.js";

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? "" });
const wanted = process.argv.slice(2);
const rules = ALERT_RULES.filter((r) => wanted.length === 0 || wanted.includes(r.code));
const days = await thresholds(handle.db, rules);
for (const rule of rules) {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const result = await handle.db.execute(
      sql`select count(*) as n from (${rule.cases({
        db: handle.db,
        today: systemClock.today(),
        now: new Date(),
        thresholdDays: days.get(rule.code) ?? 0,
      })}) x`,
    );
    times.push(performance.now() - start);
    n = Number((result as unknown as { rows: Array<{ n: string }> }).rows[0]?.n ?? 0);
  }
  if (process.env.EXPLAIN) {
    const plan = await handle.db.execute(
      sql`explain (analyze, buffers) select count(*) as n from (${rule.cases({
        db: handle.db,
        today: systemClock.today(),
        now: new Date(),
        thresholdDays: days.get(rule.code) ?? 0,
      })}) x`,
    );
    for (const row of (plan as unknown as { rows: Array<Record<string, string>> }).rows)
      console.log(Object.values(row)[0]);
  }
  const median = [...times].sort((a, b) => a - b)[2] ?? 0;
  console.log(
    `${rule.page.padEnd(20)} ${rule.code.padEnd(32)} ${String(n).padStart(6)} cas ${median.toFixed(1).padStart(7)} ms`,
  );
}
await handle.close();
