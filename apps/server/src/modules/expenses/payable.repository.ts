import type { AuditorPaymentSort, PayableStatus } from "@certidesk/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  auditorFeeInvoices,
  auditors,
  clients,
  expenses,
  missionDays,
  missions,
  missionTeamMembers,
} from "../../db/schema/index.js";
import { type IsoDate, sqlDate } from "../../lib/clock.js";
import { offsetOf, type PageRequest } from "../../lib/pagination.js";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** Sums are bigint, which the drivers answer as text: read back as numbers (cents stay exact below 2^53). */
const num = (v: string | number | null) => Number(v ?? 0);

export interface PayableFilter {
  auditorId?: string;
  /** Inclusive bounds; none: every month. */
  from?: IsoDate;
  to?: IsoDate;
  /** A mission counts once its last visit day is past or today: a fee is owed for work done. */
  today: IsoDate;
}

/**
 * What evaluators are owed, one row per fee or expense: the single definition the monthly statement,
 * its list of months and the payments export all read.
 * - a fee: an evaluator of the team of a mission whose last visit day is in the period and not in the
 *   future; the amount of the invoice they filed, or else the agreed daily fee × the mission's days.
 *   Salaried evaluators are paid their salary: no fee, unless an invoice was filed all the same.
 * - an expense: approved or reimbursed (validated), dated in the period; submitted and rejected ones are not owed.
 */
function payableLines(f: PayableFilter): SQL {
  const from = f.from ? sqlDate(f.from) : null;
  const to = f.to ? sqlDate(f.to) : null;
  const within = (column: SQL) =>
    sql.join([from ? sql`${column} >= ${from}` : sql`true`, to ? sql`${column} <= ${to}` : sql`true`], sql` and `);
  const feeAuditor = f.auditorId ? sql`and tm.auditor_id = ${f.auditorId}` : sql``;
  const expenseAuditor = f.auditorId ? sql`and e.auditor_id = ${f.auditorId}` : sql``;
  return sql`
    select tm.auditor_id, m.id as mission_id, m.last_day as day, true as is_fee, null::uuid as expense_id,
           coalesce(d.days, 0)::float8 as days,
           coalesce(fi.amount_cents, round(round(a.daily_fee * 100) * coalesce(d.days, 0)), 0)::bigint as amount_cents,
           case when fi.status = 'PAID' then fi.amount_cents else 0 end::bigint as paid_cents,
           case when fi.id is null then 'TO_INVOICE' else fi.status end as status,
           fi.number as reference, null::text as kind, ''::text as description,
           coalesce(fi.daily_fee_cents, round(a.daily_fee * 100))::bigint as daily_fee_cents
    from ${missionTeamMembers} tm
    join ${missions} m on m.id = tm.mission_id
    join ${auditors} a on a.id = tm.auditor_id
    left join ${auditorFeeInvoices} fi on fi.mission_id = m.id and fi.auditor_id = tm.auditor_id
    left join lateral (select sum(md.day_fraction) as days from ${missionDays} md where md.mission_id = m.id) d on true
    where (a.status = 'INDEPENDANT' or fi.id is not null)
      and m.last_day <= ${sqlDate(f.today)} and ${within(sql`m.last_day`)} ${feeAuditor}
    union all
    select e.auditor_id, e.mission_id, e.date, false, e.id, 0, e.amount_cents,
           case when e.status = 'REIMBURSED' then e.amount_cents else 0 end,
           e.status, null, e.kind, e.description, null
    from ${expenses} e
    where e.status in ('APPROVED', 'REIMBURSED') and ${within(sql`e.date`)} ${expenseAuditor}`;
}

export interface StatementLineRow {
  missionId: string;
  missionLabel: string;
  day: string;
  isFee: boolean;
  days: number;
  amountCents: number;
  paidCents: number;
  status: PayableStatus;
  reference: string | null;
  kind: string | null;
  description: string;
  dailyFeeCents: number | null;
}

/** The lines of one evaluator's statement: fees first, by day, then the expenses by day. */
export async function statementLines(db: Executor, f: PayableFilter): Promise<StatementLineRow[]> {
  const result = await db.execute(sql`
    select l.mission_id as "missionId", c.raison_social as "missionLabel", to_char(l.day, 'YYYY-MM-DD') as day,
           l.is_fee as "isFee", l.days, l.amount_cents::text as "amountCents", l.paid_cents::text as "paidCents",
           l.status, l.reference, l.kind, l.description, l.daily_fee_cents::text as "dailyFeeCents"
    from (${payableLines(f)}) l
    join ${missions} m on m.id = l.mission_id
    join ${clients} c on c.id = m.client_id
    order by l.is_fee desc, l.day, c.raison_social, l.expense_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    ...(r as unknown as StatementLineRow),
    days: Number(r.days),
    amountCents: num(r.amountCents as string),
    paidCents: num(r.paidCents as string),
    dailyFeeCents: r.dailyFeeCents === null ? null : num(r.dailyFeeCents as string),
  }));
}

const sums = sql`
  count(distinct l.mission_id) filter (where l.is_fee) as missions,
  coalesce(sum(l.days) filter (where l.is_fee), 0)::float8 as days,
  coalesce(sum(l.amount_cents) filter (where l.is_fee), 0)::text as "feesCents",
  coalesce(sum(l.amount_cents) filter (where not l.is_fee), 0)::text as "expensesCents",
  coalesce(sum(l.paid_cents), 0)::text as "paidCents"`;

interface SumRow {
  missions: number;
  days: number;
  feesCents: string;
  expensesCents: string;
  paidCents: string;
}
function amountsOf(r: SumRow) {
  const feesCents = num(r.feesCents);
  const expensesCents = num(r.expensesCents);
  const paidCents = num(r.paidCents);
  const totalCents = feesCents + expensesCents;
  return { feesCents, expensesCents, totalCents, paidCents, dueCents: totalCents - paidCents };
}

/** An evaluator's months with something owed, newest first, a page of them and their number. */
export async function statementMonths(db: Executor, f: PayableFilter, page: PageRequest) {
  const lines = payableLines(f);
  const [items, count] = await Promise.all([
    db.execute(sql`
      select to_char(l.day, 'YYYY-MM') as month, ${sums}
      from (${lines}) l group by 1 order by 1 desc
      limit ${page.pageSize} offset ${offsetOf(page)}`),
    db.execute(sql`select count(distinct to_char(l.day, 'YYYY-MM'))::int as n from (${lines}) l`),
  ]);
  return {
    items: rowsOf<SumRow & { month: string }>(items).map((r) => {
      const { dueCents: _due, ...amounts } = amountsOf(r);
      return { month: r.month, missions: Number(r.missions), ...amounts };
    }),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}

const SORTS: Record<AuditorPaymentSort, SQL> = {
  name: sql`a.last_name, a.first_name, a.id`,
  due: sql`sum(l.amount_cents - l.paid_cents) desc, a.last_name, a.first_name, a.id`,
};

/** One row per evaluator owed something in the period: a page, the number of evaluators and the period's totals. */
export async function auditorPayments(
  db: Executor,
  f: PayableFilter,
  q: { page: number; pageSize: number | null; sort: AuditorPaymentSort },
) {
  const lines = payableLines(f);
  const limit =
    q.pageSize === null ? sql`` : sql`limit ${q.pageSize} offset ${offsetOf({ ...q, pageSize: q.pageSize })}`;
  const [items, totals] = await Promise.all([
    db.execute(sql`
      select a.id as "auditorId", a.first_name || ' ' || a.last_name as "auditorName", a.status, a.siret, ${sums}
      from (${lines}) l join ${auditors} a on a.id = l.auditor_id
      group by a.id order by ${SORTS[q.sort]} ${limit}`),
    db.execute(sql`select count(distinct l.auditor_id)::int as n, ${sums} from (${lines}) l`),
  ]);
  const all = rowsOf<SumRow & { n: number }>(totals)[0];
  const { dueCents, feesCents, expensesCents, totalCents, paidCents } = all
    ? amountsOf(all)
    : { dueCents: 0, feesCents: 0, expensesCents: 0, totalCents: 0, paidCents: 0 };
  return {
    items: rowsOf<SumRow & { auditorId: string; auditorName: string; status: string; siret: string | null }>(items).map(
      (r) => ({
        auditorId: r.auditorId,
        auditorName: r.auditorName,
        status: r.status,
        siret: r.siret,
        missions: Number(r.missions),
        days: Number(r.days),
        ...amountsOf(r),
      }),
    ),
    total: Number(all?.n ?? 0),
    totals: { feesCents, expensesCents, totalCents, paidCents, dueCents },
  };
}

/** The payments' detail: one row per evaluator and mission, by evaluator then last visit day. */
export async function auditorPaymentDetails(db: Executor, f: PayableFilter) {
  const result = await db.execute(sql`
    select a.first_name || ' ' || a.last_name as "auditorName", c.raison_social as "missionLabel",
           to_char(m.last_day, 'YYYY-MM-DD') as "lastDay", max(l.reference) as "invoiceNumber",
           max(l.status) filter (where l.is_fee) as "feeStatus", ${sums}
    from (${payableLines(f)}) l
    join ${auditors} a on a.id = l.auditor_id
    join ${missions} m on m.id = l.mission_id
    join ${clients} c on c.id = m.client_id
    group by a.id, m.id, c.raison_social
    order by a.last_name, a.first_name, a.id, m.last_day nulls last, c.raison_social, m.id`);
  return rowsOf<
    SumRow & {
      auditorName: string;
      missionLabel: string;
      lastDay: string | null;
      invoiceNumber: string | null;
      feeStatus: PayableStatus | null;
    }
  >(result).map((r) => ({
    auditorName: r.auditorName,
    missionLabel: r.missionLabel,
    lastDay: r.lastDay,
    invoiceNumber: r.invoiceNumber,
    feeStatus: r.feeStatus,
    days: Number(r.days),
    ...amountsOf(r),
  }));
}
export type AuditorPaymentDetail = Awaited<ReturnType<typeof auditorPaymentDetails>>[number];
export type AuditorPaymentRow = Awaited<ReturnType<typeof auditorPayments>>["items"][number];
