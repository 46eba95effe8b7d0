import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditorAssignmentJustifications,
  auditorAssignmentRefusals,
  auditorLinks,
  auditors,
  clients,
  contracts,
} from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { parisDayEnd, parisDayStart } from "../../lib/paris-day-sql.js";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface LinkFilter {
  from: IsoDate;
  to: IsoDate;
  auditorId?: string | undefined;
}

const auditorIs = (column: SQL, f: LinkFilter) => (f.auditorId ? sql`${column} = ${f.auditorId}::uuid` : sql`true`);

/** The links of interest in force at some day of the period (started by its end, not ended before it). */
const linksInPeriod = (f: LinkFilter) => sql`
  select l.* from ${auditorLinks} l
  where l.start_date <= ${sqlDate(f.to)} and (l.end_date is null or l.end_date >= ${sqlDate(f.from)})
    and ${auditorIs(sql`l.auditor_id`, f)}`;

/** Still in force on the last day of the period. */
const activeAtEnd = (f: LinkFilter) => sql`(l.end_date is null or l.end_date >= ${sqlDate(f.to)})`;

/** The engine's decisions in the period: refused assignments and those allowed with a justification. */
const decisionsInPeriod = (f: LinkFilter) => {
  const start = parisDayStart(f.from);
  const end = parisDayEnd(f.to);
  return sql`
    select r.id, 'REFUSED' as decision, r.created_at as at, r.auditor_id, r.client_id, r.contract_id,
           r.reasons as reasons, null::text as justification, r.created_by_label as by
    from ${auditorAssignmentRefusals} r
    where r.created_at >= ${start} and r.created_at < ${end} and ${auditorIs(sql`r.auditor_id`, f)}
    union all
    select j.id, 'JUSTIFIED', j.created_at, j.auditor_id, j.client_id, j.contract_id,
           j.warnings, j.justification, j.created_by_label
    from ${auditorAssignmentJustifications} j
    where j.created_at >= ${start} and j.created_at < ${end} and ${auditorIs(sql`j.auditor_id`, f)}`;
};

export async function linksByEvaluator(db: Executor, f: LinkFilter) {
  const result = await db.execute(sql`
    with l as (${linksInPeriod(f)}),
    per_link as (
      select l.auditor_id, count(*)::int as links, count(*) filter (where ${activeAtEnd(f)})::int as active,
             count(distinct (l.organisation_type, l.organisation_id))::int as organisations
      from l group by l.auditor_id
    ), per_decision as (
      select d.auditor_id, count(*) filter (where d.decision = 'REFUSED')::int as refused,
             count(*) filter (where d.decision = 'JUSTIFIED')::int as justified
      from (${decisionsInPeriod(f)}) d group by d.auditor_id
    )
    select a.id as "auditorId", a.first_name || ' ' || a.last_name as name,
           coalesce(pl.links, 0) as links, coalesce(pl.active, 0) as active,
           coalesce(pl.organisations, 0) as organisations,
           coalesce(pd.refused, 0) as refused, coalesce(pd.justified, 0) as justified
    from ${auditors} a
    left join per_link pl on pl.auditor_id = a.id
    left join per_decision pd on pd.auditor_id = a.id
    where pl.auditor_id is not null or pd.auditor_id is not null
    order by a.last_name, a.first_name, a.id`);
  return rowsOf<{
    auditorId: string;
    name: string;
    links: number;
    active: number;
    organisations: number;
    refused: number;
    justified: number;
  }>(result);
}

export async function linksByOrganisation(db: Executor, f: LinkFilter) {
  const result = await db.execute(sql`
    with l as (${linksInPeriod(f)})
    select l.organisation_type as "organisationType", l.organisation_id as "organisationId",
           (array_agg(l.organisation_name order by l.recorded_at desc))[1] as "organisationName",
           count(distinct l.auditor_id)::int as evaluators, count(*)::int as links,
           count(*) filter (where ${activeAtEnd(f)})::int as active
    from l
    group by l.organisation_type, l.organisation_id
    order by 3, 1, 2`);
  return rowsOf<{
    organisationType: string;
    organisationId: string;
    organisationName: string;
    evaluators: number;
    links: number;
    active: number;
  }>(result);
}

export async function assignmentDecisions(db: Executor, f: LinkFilter) {
  const result = await db.execute(sql`
    select d.id, d.decision, d.at, d.auditor_id as "auditorId",
           a.first_name || ' ' || a.last_name as "auditorName", c.raison_social as "clientName",
           ct.number as "contractNumber",
           coalesce((select array_agg(x ->> 'message') from jsonb_array_elements(d.reasons) x), '{}') as reasons,
           d.justification, d.by
    from (${decisionsInPeriod(f)}) d
    join ${auditors} a on a.id = d.auditor_id
    left join ${clients} c on c.id = d.client_id
    left join ${contracts} ct on ct.id = d.contract_id
    order by d.at desc, d.id`);
  return rowsOf<{
    id: string;
    decision: "REFUSED" | "JUSTIFIED";
    at: Date | string;
    auditorId: string;
    auditorName: string;
    clientName: string | null;
    contractNumber: string | null;
    reasons: string[];
    justification: string | null;
    by: string;
  }>(result);
}

export async function auditorExists(db: Executor, id: string) {
  const result = await db.execute(sql`select 1 from ${auditors} where id = ${id}::uuid`);
  return rowsOf(result).length > 0;
}
