import type { SectorDomain } from "@certidesk/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditors,
  clients,
  contractEstablishments,
  contracts,
  gestionnaires,
  invoicePayments,
  invoices,
  legalEntities,
  missionDeadlineSettings,
  missions,
  missionTeamMembers,
  performanceScores,
  quotes,
  requestClients,
  requestEstablishments,
  satisfactionSurveys,
} from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { parisDayEnd, parisDayOf, parisDayStart } from "../../lib/paris-day-sql.js";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ClientFilter {
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  domain?: SectorDomain | undefined;
  gestionnaireId?: string | undefined;
}

/** The ESSMS `c` matches the filters (sector domain, gestionnaire of its legal entity). */
function clientMatches(f: ClientFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.domain) parts.push(sql`c.sector_domains @> ${JSON.stringify([f.domain])}::jsonb`);
  if (f.gestionnaireId)
    parts.push(sql`exists (select 1 from ${legalEntities} le
      where le.id = c.legal_entity_id and le.gestionnaire_id = ${f.gestionnaireId}::uuid)`);
  return sql.join(parts, sql` and `);
}

/**
 * One row per evaluation event in the period: sold (its contract signed), planned (first visit day),
 * done (last visit day, before today), finalised (final report sent). Grouped by month and by
 * département in SQL by the two queries below.
 */
function evaluationEvents(f: ClientFilter): SQL {
  const from = sqlDate(f.from);
  const to = sqlDate(f.to);
  const match = clientMatches(f);
  return sql`
    select 'sold' as kind, ct.signature_date as day, c.departement
    from ${contracts} ct
    join ${contractEstablishments} ce on ce.contract_id = ct.id
    join ${clients} c on c.id = ce.client_id
    where ct.status = 'SIGNED' and ct.signature_date between ${from} and ${to} and ${match}
    union all
    select 'planned', m.first_day, c.departement
    from ${missions} m join ${clients} c on c.id = m.client_id
    where m.first_day between ${from} and ${to} and ${match}
    union all
    select 'done', m.last_day, c.departement
    from ${missions} m join ${clients} c on c.id = m.client_id
    where m.last_day between ${from} and ${to} and m.last_day < ${sqlDate(f.today)} and ${match}
    union all
    select 'finalised', m.final_report_at, c.departement
    from ${missions} m join ${clients} c on c.id = m.client_id
    where m.status = 'FINALISED' and m.final_report_at between ${from} and ${to} and ${match}`;
}

const counts = sql`
  count(*) filter (where e.kind = 'sold')::int as sold,
  count(*) filter (where e.kind = 'planned')::int as planned,
  count(*) filter (where e.kind = 'done')::int as done,
  count(*) filter (where e.kind = 'finalised')::int as finalised`;

/** Every month of the period, even empty ones, so the charts keep their time axis. */
const months = (f: ClientFilter) => sql`
  select to_char(g, 'YYYY-MM') as month
  from generate_series(date_trunc('month', ${sqlDate(f.from)}), date_trunc('month', ${sqlDate(f.to)}), interval '1 month') g`;

export interface EvaluationCounts {
  sold: number;
  planned: number;
  done: number;
  finalised: number;
}

export async function evaluationsByMonth(db: Executor, f: ClientFilter) {
  const result = await db.execute(sql`
    with e as (select kind, to_char(day, 'YYYY-MM') as month from (${evaluationEvents(f)}) x)
    select ms.month, ${counts}
    from (${months(f)}) ms left join e on e.month = ms.month
    group by rollup(ms.month) order by ms.month nulls last`);
  // The rollup's last row (month null) is the period's total.
  return rowsOf<EvaluationCounts & { month: string | null }>(result);
}

export async function evaluationsByDepartement(db: Executor, f: ClientFilter) {
  const result = await db.execute(sql`
    select coalesce(e.departement, '—') as departement, ${counts}
    from (${evaluationEvents(f)}) e
    group by 1 order by 1`);
  return rowsOf<EvaluationCounts & { departement: string }>(result);
}

/** Cents per month: invoices issued minus credit notes (HT and TTC), payments received. */
export async function revenueByMonth(db: Executor, f: ClientFilter) {
  const from = sqlDate(f.from);
  const to = sqlDate(f.to);
  const match = clientMatches(f);
  const result = await db.execute(sql`
    with issued as (
      select to_char(i.issue_date, 'YYYY-MM') as month,
             sum(case when i.kind = 'CREDIT_NOTE' then -i.total_ht_cents else i.total_ht_cents end) as ht,
             sum(case when i.kind = 'CREDIT_NOTE' then -i.total_ttc_cents else i.total_ttc_cents end) as ttc
      from ${invoices} i join ${clients} c on c.id = i.client_id
      where i.status <> 'INVOICE_PREPARE' and i.issue_date between ${from} and ${to} and ${match}
      group by 1
    ), paid as (
      select to_char(p.date, 'YYYY-MM') as month, sum(p.amount_cents) as cents
      from ${invoicePayments} p
      join ${invoices} i on i.id = p.invoice_id
      join ${clients} c on c.id = i.client_id
      where p.date between ${from} and ${to} and ${match}
      group by 1
    )
    select ms.month, coalesce(sum(issued.ht), 0)::bigint::text as "htCents",
           coalesce(sum(issued.ttc), 0)::bigint::text as "ttcCents",
           coalesce(sum(paid.cents), 0)::bigint::text as "paidCents"
    from (${months(f)}) ms
    left join issued on issued.month = ms.month
    left join paid on paid.month = ms.month
    group by rollup(ms.month) order by ms.month nulls last`);
  // The rollup's last row (month null) is the period's total.
  return rowsOf<{ month: string | null; htCents: string; ttcCents: string; paidCents: string }>(result);
}

const delay = (expr: SQL, name: string) => sql`
  count(${expr})::int as ${sql.raw(`"${name}Count"`)},
  round(avg(${expr})::numeric, 1)::float8 as ${sql.raw(`"${name}Average"`)},
  round((percentile_cont(0.5) within group (order by ${expr}))::numeric, 1)::float8 as ${sql.raw(`"${name}Median"`)}`;

/**
 * The requests received in the period (for an ESSMS matching the filters) and what became of them:
 * first quote sent, first contract signed, and the days between the steps.
 */
export async function pipeline(db: Executor, f: ClientFilter) {
  const result = await db.execute(sql`
    with r as (
      select rc.received_at,
             (select min(${parisDayOf(sql`q.sent_at`)}) from ${quotes} q where q.request_id = rc.id) as quoted_on,
             (select min(ct.signature_date) from ${contracts} ct
               where ct.request_id = rc.id and ct.status = 'SIGNED') as signed_on
      from ${requestClients} rc
      where rc.received_at between ${sqlDate(f.from)} and ${sqlDate(f.to)}
        and exists (select 1 from ${requestEstablishments} re join ${clients} c on c.id = re.client_id
                    where re.request_id = rc.id and ${clientMatches(f)})
    )
    select count(*)::int as requests, count(quoted_on)::int as quoted, count(signed_on)::int as signed,
           count(*) filter (where quoted_on is not null and signed_on is not null)::int as "quotedSigned",
           ${delay(sql`(quoted_on - received_at)`, "requestToQuote")},
           ${delay(sql`(signed_on - quoted_on)`, "quoteToSignature")},
           ${delay(sql`(signed_on - received_at)`, "requestToSignature")}
    from r`);
  return rowsOf<Record<string, number | null>>(result)[0] ?? {};
}

/**
 * The reports of the visits done in the period against their deadlines (Settings › Missions):
 * preliminary due after the last visit day, final due after the observations (or their period).
 * On time: sent by the due date; late: sent after it, or still missing after it; pending: not due yet.
 */
export async function reportDelays(db: Executor, f: ClientFilter) {
  const today = sqlDate(f.today);
  const result = await db.execute(sql`
    with m as (
      select m.preliminary_uploaded_at as sent,
             m.last_day + coalesce(s.preliminary_report_days, 30) as due, 'PRELIMINARY' as report
      from ${missions} m join ${clients} c on c.id = m.client_id
      left join ${missionDeadlineSettings} s on s.id = 1
      where m.last_day between ${sqlDate(f.from)} and ${sqlDate(f.to)} and m.last_day < ${today} and ${clientMatches(f)}
      union all
      select m.final_report_at,
             coalesce(m.observations_received_at, m.preliminary_sent_at + coalesce(s.observations_days, 15))
               + coalesce(s.final_report_days, 15),
             'FINAL'
      from ${missions} m join ${clients} c on c.id = m.client_id
      left join ${missionDeadlineSettings} s on s.id = 1
      where m.last_day between ${sqlDate(f.from)} and ${sqlDate(f.to)} and m.last_day < ${today} and ${clientMatches(f)}
    ), judged as (
      select report, sent, due,
             case when sent is not null and (due is null or sent <= due) then 'ON_TIME'
                  when sent is not null or ${today} > due then 'LATE'
                  else 'PENDING' end as state
      from m
    )
    select r.report,
           count(j.*) filter (where j.state = 'ON_TIME')::int as "onTime",
           count(j.*) filter (where j.state = 'LATE')::int as late,
           count(j.*) filter (where j.state = 'PENDING')::int as pending,
           round(avg(coalesce(j.sent, ${today}) - j.due) filter (where j.state = 'LATE'), 1)::float8 as "averageDelayDays"
    from (values ('PRELIMINARY', 1), ('FINAL', 2)) as r(report, position)
    left join judged j on j.report = r.report
    group by r.report, r.position order by r.position`);
  return rowsOf<{
    report: "PRELIMINARY" | "FINAL";
    onTime: number;
    late: number;
    pending: number;
    averageDelayDays: number | null;
  }>(result);
}

/**
 * Per evaluator: the satisfaction questionnaires answered in the period on their missions (average
 * of every answer, 1–4) and the performance points given in the period (average, 1–5).
 */
export async function evaluatorQuality(db: Executor, f: ClientFilter) {
  const start = parisDayStart(f.from);
  const end = parisDayEnd(f.to);
  const match = clientMatches(f);
  const result = await db.execute(sql`
    with sat as (
      select tm.auditor_id, count(distinct s.id)::int as answers, avg(v.value::numeric) as average
      from ${satisfactionSurveys} s
      join ${missions} m on m.id = s.mission_id
      join ${clients} c on c.id = m.client_id
      join ${missionTeamMembers} tm on tm.mission_id = m.id
      cross join lateral jsonb_each_text(s.answers) v
      where s.answered_at >= ${start} and s.answered_at < ${end} and ${match}
      group by tm.auditor_id
    ), perf as (
      select ps.auditor_id, count(distinct ps.mission_id)::int as missions, avg(ps.point) as average
      from ${performanceScores} ps
      join ${missions} m on m.id = ps.mission_id
      join ${clients} c on c.id = m.client_id
      where ps.point is not null and ps.scored_at >= ${start} and ps.scored_at < ${end} and ${match}
      group by ps.auditor_id
    )
    select a.id as "auditorId", a.first_name || ' ' || a.last_name as name,
           coalesce(sat.answers, 0) as "satisfactionAnswers", round(sat.average, 2)::float8 as "satisfactionAverage",
           coalesce(perf.missions, 0) as "performanceMissions", round(perf.average, 2)::float8 as "performanceAverage"
    from ${auditors} a
    left join sat on sat.auditor_id = a.id
    left join perf on perf.auditor_id = a.id
    where sat.auditor_id is not null or perf.auditor_id is not null
    order by a.last_name, a.first_name, a.id`);
  return rowsOf<{
    auditorId: string;
    name: string;
    satisfactionAnswers: number;
    satisfactionAverage: number | null;
    performanceMissions: number;
    performanceAverage: number | null;
  }>(result);
}

export async function gestionnaireExists(db: Executor, id: string) {
  const result = await db.execute(sql`select 1 from ${gestionnaires} where id = ${id}::uuid`);
  return rowsOf(result).length > 0;
}
