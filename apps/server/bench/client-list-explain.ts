// EXPLAIN (ANALYZE, BUFFERS) of every query of one client-list call on an existing database (e.g. a copy
// of the scale base), as staff see it:
//   DATABASE_URL=… npx tsx bench/client-list-explain.ts '{"search":"ehpad"}'
//   DATABASE_URL=… npx tsx bench/client-list-explain.ts '{"sort":{"key":"city","direction":"desc"}}'
// The queries are captured as the list runs them (total, ids of the page, details of the page), then
// explained one by one with their parameters (lines cut at 180 characters; FULL=1 for all of them).
// The EXPLAIN runs them again: nothing here writes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { clientListBodySchema } from "@certidesk/shared";
import { openDatabase } from "../src/db/client.js";
import { systemClock } from "../src/lib/clock.js";
import { listClients } from "../src/modules/clients/client-list.repository.js";

const capture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "client-list-explain-")), "sql.jsonl");
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? "", captureSqlFile: capture });
const query = clientListBodySchema.parse({ pageSize: 50, ...JSON.parse(process.argv[2] ?? "{}") });
const { total, items } = await listClients(handle.db, query, { kind: "all" }, systemClock.today());
console.log(`${JSON.stringify(query)} → ${(JSON.parse(items) as unknown[]).length} lignes, total ${total}\n`);
const captured = fs
  .readFileSync(capture, "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { query: string; params: unknown[] });
// REPEAT=n explains each query n times and prints the last plan with the fastest execution time of the n
// (the machine is shared: one run is mostly the wait for a core).
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1));
for (const { query: text, params } of captured) {
  let plan: { "QUERY PLAN": string }[] = [];
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    plan = await handle.queryRaw<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${text}`, params);
    times.push(Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1)?.["QUERY PLAN"] ?? "")?.[1]));
  }
  if (repeat > 1) plan.push({ "QUERY PLAN": `Fastest of ${repeat}: ${Math.min(...times).toFixed(3)} ms` });
  // The folded expressions make every line long: cut at 180 characters unless FULL=1.
  const cut = (line: string) => (process.env.FULL || line.length <= 180 ? line : `${line.slice(0, 180)}…`);
  console.log(cut(text));
  console.log(`${plan.map((r) => cut(r["QUERY PLAN"])).join("\n")}\n`);
}
await handle.close();
