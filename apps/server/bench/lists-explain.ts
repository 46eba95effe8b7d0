// EXPLAIN (ANALYZE, BUFFERS) of the SQL that one list call runs (journal, prospects, gestionnaires, documents,
// mails), on an existing scale base: `DATABASE_URL=… npx tsx bench/lists-explain.ts [scenario…]`, where a
// scenario is a name below or a prefix of names ("journal" runs every journal case). `PLANS=1` prints the
// whole plans, `KEEP=1` keeps the captured SQL (certidesk-lists-explain-<pid>.jsonl in the temporary directory).
// The list functions run once through a capturing database handle (warming the cache), then each captured query
// is explained with its parameters: execution time, buffers, and the plan's first node.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../src/db/client.js";
import { listAuditEntries } from "../src/modules/audit/audit.repository.js";
import { listDocuments } from "../src/modules/documents/documents.repository.js";
import { listGestionnaires } from "../src/modules/gestionnaires/gestionnaires.repository.js";
import { countMailsByStatus, listMails } from "../src/modules/mail/mail.repository.js";
import { listProspects } from "../src/modules/prospects/prospects.repository.js";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required (a scale base on PostgreSQL)");
const captureFile = path.join(os.tmpdir(), `certidesk-lists-explain-${process.pid}.jsonl`);
fs.writeFileSync(captureFile, "");
const handle = await openDatabase({ databaseUrl, captureSqlFile: captureFile, poolMax: 2 });
const plain = await openDatabase({ databaseUrl, poolMax: 2 });
const db = handle.db;
const all = { kind: "all" } as const;

const [someActor] = await plain.queryRaw<{ actor_id: string }>(
  "select actor_id from audit_log where actor_id is not null group by actor_id order by count(*) desc limit 1",
);

const journal = (extra: Partial<Parameters<typeof listAuditEntries>[1]>) => () =>
  listAuditEntries(db, { page: 1, pageSize: 50, sort: "occurredAt", direction: "desc", ...extra });
const prospects =
  (kind: Parameters<typeof listProspects>[1], extra: Partial<Parameters<typeof listProspects>[2]>) => () =>
    listProspects(db, kind, { page: 1, pageSize: 50, sortKey: "createdAt", direction: "desc", ...extra });
const gestionnaires = (extra: Partial<Parameters<typeof listGestionnaires>[1]>) => () =>
  listGestionnaires(db, { page: 1, pageSize: 50, sortKey: "raisonSocial", direction: "asc", ...extra });
const documents = (extra: Partial<Parameters<typeof listDocuments>[1]>) => () =>
  listDocuments(db, { page: 1, pageSize: 50, sort: "updatedAt", direction: "desc", ...extra }, all, true);
const mails = (extra: Partial<Parameters<typeof listMails>[1]>) => () =>
  listMails(db, { page: 1, pageSize: 50, sort: "createdAt", direction: "desc", ...extra });

const SCENARIOS: Record<string, () => Promise<unknown>> = {
  "journal default": journal({}),
  "journal page 3": journal({ page: 3 }),
  "journal sort occurredAt asc": journal({ direction: "asc" }),
  "journal sort actorLabel asc": journal({ sort: "actorLabel", direction: "asc" }),
  "journal sort actorLabel desc": journal({ sort: "actorLabel" }),
  "journal sort entityType asc": journal({ sort: "entityType", direction: "asc" }),
  "journal sort action desc": journal({ sort: "action" }),
  "journal filter entityType client": journal({ entityType: "client" }),
  "journal filter action update": journal({ action: "update" }),
  "journal filter entityType+action": journal({ entityType: "mail", action: "create" }),
  "journal filter dates": journal({ from: "2020-01-01", to: "2020-03-31" }),
  "journal filter rare pair": journal({ entityType: "client", action: "delete" }),
  "journal filter type, sort author": journal({ entityType: "request", sort: "actorLabel", direction: "asc" }),
  "journal filter action, sort type": journal({ action: "create", sort: "entityType" }),
  "journal search, sort author": journal({ search: "règlement", sort: "actorLabel", direction: "asc" }),
  "journal mine": journal({ actorId: someActor?.actor_id, pageSize: 8 }),
  "journal search rare": journal({ search: "42614" }),
  "journal search common": journal({ search: "essms" }),
  "journal search two words": journal({ search: "règlement 4261" }),
  "prospects default": prospects("EnCours", {}),
  "prospects all": prospects("all", {}),
  "prospects sort reference": prospects("EnCours", { sortKey: "reference", direction: "asc" }),
  "prospects sort raisonSocial": prospects("EnCours", { sortKey: "raisonSocial", direction: "asc" }),
  "prospects sort postalCode": prospects("EnCours", { sortKey: "postalCode", direction: "asc" }),
  "prospects sort contactName": prospects("EnCours", { sortKey: "contactName", direction: "asc" }),
  "prospects sort service": prospects("EnCours", { sortKey: "service", direction: "asc" }),
  "prospects sort status": prospects("EnCours", { sortKey: "status", direction: "asc" }),
  "prospects sort dateRelance": prospects("EnCours", { sortKey: "dateRelance", direction: "asc" }),
  "prospects sort reference, all": prospects("all", { sortKey: "reference", direction: "asc" }),
  "prospects sort postalCode desc, all": prospects("all", { sortKey: "postalCode", direction: "desc" }),
  "prospects sort createdAt asc": prospects("EnCours", { direction: "asc" }),
  "prospects tab REFUSE": prospects("REFUSE", {}),
  "prospects tab ARCHIVE": prospects("ARCHIVE", {}),
  "prospects search": prospects("EnCours", { search: "ehpad" }),
  "prospects search rare": prospects("EnCours", { search: "tilleuls" }),
  "prospects search all tabs": prospects("all", { search: "tilleuls" }),
  "gestionnaires default": gestionnaires({}),
  "gestionnaires sort establishments": gestionnaires({ sortKey: "establishments", direction: "desc" }),
  "gestionnaires sort city": gestionnaires({ sortKey: "city" }),
  "gestionnaires sort createdAt": gestionnaires({ sortKey: "createdAt", direction: "desc" }),
  "gestionnaires search": gestionnaires({ search: "association" }),
  "documents default": documents({}),
  "documents sort name": documents({ sort: "name", direction: "asc" }),
  "documents sort size": documents({ sort: "size" }),
  "documents filter family": documents({ family: "CLIENT" }),
  "documents search": documents({ search: "rapport" }),
  "mails default": mails({}),
  "mails sort subject": mails({ sort: "subject", direction: "asc" }),
  "mails filter status": mails({ status: "SENT" }),
  "mails search": mails({ search: "devis" }),
  "mails summary": () => countMailsByStatus(db, {}),
};

const wanted = process.argv.slice(2);
const names = Object.keys(SCENARIOS).filter((n) => wanted.length === 0 || wanted.some((w) => n.startsWith(w)));
for (const name of names) {
  const run = SCENARIOS[name];
  if (!run) continue;
  fs.writeFileSync(captureFile, "");
  await run();
  const queries = fs
    .readFileSync(captureFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { query: string; params: unknown[] });
  let total = 0;
  const lines: string[] = [];
  for (const q of queries) {
    const [plan] = await plain.queryRaw<{ "QUERY PLAN": unknown }>(
      `explain (analyze, buffers, format json) ${q.query}`,
      q.params,
    );
    if (!plan) throw new Error(`no plan for ${q.query}`);
    const json = (plan["QUERY PLAN"] as Array<Record<string, unknown>>)[0] as {
      Plan: Record<string, unknown>;
      "Execution Time": number;
      "Planning Time": number;
    };
    const top = json.Plan;
    const ms = json["Execution Time"];
    total += ms;
    const buffers = `hit ${top["Shared Hit Blocks"]}, read ${top["Shared Read Blocks"]}`;
    lines.push(
      `  ${ms.toFixed(2).padStart(8)} ms (plan ${json["Planning Time"].toFixed(2)} ms) ${buffers.padEnd(22)} ${top["Node Type"]}: ${q.query.replace(/\s+/g, " ").slice(0, 110)}`,
    );
    if (process.env.PLANS) {
      const text = await plain.queryRaw<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${q.query}`, q.params);
      lines.push(...text.map((r) => `      ${r["QUERY PLAN"]}`));
    }
  }
  console.log(`${name}: ${total.toFixed(2)} ms in ${queries.length} queries`);
  console.log(lines.join("\n"));
}
if (!process.env.KEEP) fs.rmSync(captureFile, { force: true });
await Promise.all([handle.close(), plain.close()]);
