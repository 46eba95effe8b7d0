import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients, requestClients, timelineEntries } from "../../db/schema/index.js";

export type TimelineTarget = { kind: "client"; id: string } | { kind: "prospect"; id: string };

export interface TimelineRow {
  id: string;
  source: string;
  at: string;
  author: string;
  body: string | null;
  follow_up: string | null;
  summary: string | null;
  mail_to: string[] | null;
  mail_subject: string | null;
  mail_status: string | null;
  doc_id: string | null;
  doc_name: string | null;
}

/** The ids a timeline gathers: the client's requests, their quotes and contracts (or the prospect's own). */
function scope(target: TimelineTarget) {
  const id = target.id;
  if (target.kind === "client") {
    const requests = sql`(select re.request_id from request_establishments re where re.client_id = ${id}::uuid)`;
    return {
      entries: sql`(te.client_id = ${id}::uuid or te.request_id in ${requests})`,
      requests,
      quotes: sql`(select q.id from quotes q where q.request_id in ${requests})`,
      contracts: sql`(select ce.contract_id from contract_establishments ce where ce.client_id = ${id}::uuid)`,
      clients: sql`(select ${id}::uuid)`,
      contacts: sql`(select ct.id from contacts ct where ct.client_id = ${id}::uuid
        or ct.legal_entity_id = (select cl.legal_entity_id from clients cl where cl.id = ${id}::uuid))`,
      mails: sql`m.client_id = ${id}::uuid`,
      documents: sql`d.client_id = ${id}::uuid`,
    };
  }
  const quotes = sql`(select q.id from quotes q where q.request_id = ${id}::uuid)`;
  const contracts = sql`(select c.id from contracts c where c.request_id = ${id}::uuid)`;
  return {
    entries: sql`te.request_id = ${id}::uuid`,
    requests: sql`(select ${id}::uuid)`,
    quotes,
    contracts,
    clients: sql`(select re.client_id from request_establishments re where re.request_id = ${id}::uuid)`,
    contacts: sql`(select ct.id from contacts ct
      where ct.client_id in (select re.client_id from request_establishments re where re.request_id = ${id}::uuid)
        or ct.legal_entity_id = (select rc.legal_entity_id from request_clients rc where rc.id = ${id}::uuid))`,
    mails: sql`false`,
    documents: sql`(d.id in (select q.document_id from quotes q where q.request_id = ${id}::uuid)
      or d.id in (select c.document_id from contracts c where c.request_id = ${id}::uuid)
      or d.id in (select c.feb_document_id from contracts c where c.request_id = ${id}::uuid)
      or d.id in (select rd.document_id from recevability_documents rd where rd.request_id = ${id}::uuid))`,
  };
}

const asText = (ids: SQL) => sql`(select x::text from ${ids} as s(x))`;

/**
 * The journal's (element, id) pairs of a timeline, as one set: each pair is then an entry of the journal's
 * (entity_type, entity_id) index. Written as five `type = … and id in (…)` joined by OR, the condition was
 * checked on every entry of the journal: 160 ms for each timeline with a million entries (docs/performance.md).
 */
const auditKeys = (s: ReturnType<typeof scope>) =>
  sql.join(
    (["client", "request", "quote", "contract", "contact"] as const).map(
      (type) => sql`select ${type}::text, x::text from ${s[`${type}s`]} as ${sql.identifier(`${type}s`)}(x)`,
    ),
    sql` union all `,
  );

/**
 * One timeline, newest first, paged in SQL: comments and follow-ups, the audit log of the client,
 * its requests, quotes and contracts (creations, status changes, edits), mails and documents.
 */
function union(target: TimelineTarget): SQL {
  const s = scope(target);
  const related = (column: SQL) => sql`(
    (${column} = 'request' and m.related_id in ${asText(s.requests)})
    or (${column} = 'quote' and m.related_id in ${asText(s.quotes)})
    or (${column} = 'contract' and m.related_id in ${asText(s.contracts)}))`;
  return sql`
    select te.id::text as id, te.kind as source, te.created_at as at, te.author_label as author, te.text as body,
      te.follow_up_date::text as follow_up, null::text as summary, null::jsonb as mail_to, null::text as mail_subject,
      null::text as mail_status, null::text as doc_id, null::text as doc_name, 0 as prio
    from timeline_entries te where ${s.entries}
    union all
    select a.id::text, 'AUDIT_' || a.action, a.occurred_at, a.actor_label, null, null, a.summary, null, null, null, null, null, 1
    from audit_log a
    where (a.entity_type, a.entity_id) in (${auditKeys(s)})
    union all
    select m.id::text, 'MAIL', m.created_at, coalesce(u.first_name || ' ' || u.last_name, 'Système'), null, null, null,
      m."to", m.subject, m.status, null, null, 2
    from mail_outbox m left join users u on u.id = m.created_by
    where m.deleted_at is null and not m.contains_secret and (${s.mails} or ${related(sql`m.related_type`)})
    union all
    select d.id::text, 'DOCUMENT', d.created_at, coalesce(u.first_name || ' ' || u.last_name, 'Système'), null, null, null,
      null, null, null, d.id::text, d.name, 3
    from documents d left join users u on u.id = d.created_by
    where d.deleted_at is null and ${s.documents}`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function readTimeline(db: Executor, target: TimelineTarget, page: number, pageSize: number) {
  const all = union(target);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select id, source, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, author, body, follow_up,
        summary, mail_to, mail_subject, mail_status, doc_id, doc_name
      from (${all}) t order by t.at desc, t.prio, t.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as n from (${all}) t`),
  ]);
  return { rows: rowsOf<TimelineRow>(rows), total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
}

/** What the timeline shows of its target: its name and current follow-up date. */
export async function targetOf(db: Executor, t: TimelineTarget) {
  if (t.kind === "client") {
    const [row] = await db
      .select({ name: clients.raisonSocial, dateRelance: clients.dateRelance })
      .from(clients)
      .where(eq(clients.id, t.id));
    return row;
  }
  const [row] = await db
    .select({ name: requestClients.reference, dateRelance: requestClients.dateRelance })
    .from(requestClients)
    .where(eq(requestClients.id, t.id));
  return row;
}

export async function insertEntry(tx: Executor, values: typeof timelineEntries.$inferInsert) {
  await tx.insert(timelineEntries).values(values);
}
