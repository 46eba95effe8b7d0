import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { alertActions, alertSettings } from "../../db/schema/index.js";
import type { IsoDate } from "../../lib/clock.js";
import { likePattern } from "../../lib/pagination.js";
import { foldedSql, searchWords } from "../../lib/search-text.js";
import type { AlertContext, AlertRule } from "./alert-rule.js";

/** The actions that take a case off its list for good (while its due date stays the one they were taken on). */
export const HIDING_ACTIONS = ["REMOVED", "ARCHIVED", "HANDLED", "CONFIRMED"] as const;

/** One case as the engine's SQL returns it, before the rule's texts are added. */
export interface CaseRow {
  id: string;
  alert_type: string;
  record_id: string;
  raison_social: string | null;
  postal_code: string | null;
  due_date: string | null;
  date_relance: string | null;
  display_value: string | null;
  link: string;
  comment_count: number | string;
}

/** Each rule's threshold: its setting when saved, else its default. */
export async function thresholds(db: Executor, rules: readonly AlertRule[]): Promise<Map<string, number>> {
  const saved = new Map((await db.select().from(alertSettings)).map((s) => [s.code, s.days]));
  return new Map(rules.map((r) => [r.code, saved.get(r.code) ?? r.threshold?.defaultDays ?? 0]));
}

/**
 * Every visible case of `rules`: UNION ALL of their queries, each tagged with its rule's code and
 * title (searched), then the cases users hid taken away. All filtering happens here, so the list,
 * its count and the landing page's tabs read the same rows.
 */
function visibleCases(ctx: AlertContext, rules: readonly AlertRule[], days: Map<string, number>, search?: string): SQL {
  const today = ctx.today;
  const parts = rules.map(
    (rule) => sql`select ${rule.code}::text as alert_type, ${rule.title}::text as title,
      x.record_id, x.raison_social, x.postal_code, x.due_date, x.date_relance, x.display_value, x.link
      from (${rule.cases({ ...ctx, thresholdDays: days.get(rule.code) ?? 0 })}) x`,
  );
  const words = searchWords(search);
  const searchCondition = words.length
    ? sql.join(
        words.map((word) => {
          const haystack = foldedSql(
            sql`coalesce(k.raison_social, '') || ' ' || k.title || ' ' || coalesce(k.postal_code, '')`,
          );
          return sql`lower(${haystack}) like lower(${likePattern(word)})`;
        }),
        sql` and `,
      )
    : sql`true`;
  // Anti-joins against alert_actions as joins on the key (hash joins over a page's cases), not a
  // subquery run for every case.
  return sql`(select k.*, k.alert_type || ':' || k.record_id as id from (${sql.join(parts, sql` union all `)}) k
    left join (select distinct on (a.alert_key) a.alert_key, a.date from alert_actions a where a.action = 'POSTPONED'
      order by a.alert_key, a.at desc, a.id desc) p on p.alert_key = k.alert_type || ':' || k.record_id
    where ${searchCondition}
      and not exists (select 1 from alert_actions a where a.alert_key = k.alert_type || ':' || k.record_id
        and a.action in ('REMOVED', 'ARCHIVED', 'HANDLED', 'CONFIRMED')
        and a.due_date is not distinct from k.due_date::date)
      and (p.date is null or p.date <= ${today}::date))`;
}

export interface CaseQuery {
  rules: readonly AlertRule[];
  days: Map<string, number>;
  search?: string;
}

/** One page of cases, by due date (the oldest first), with their comment counts and postponements. */
export async function listCases(ctx: AlertContext, query: CaseQuery, paging: { limit: number; offset: number }) {
  return (await pageOfCases(ctx, query, paging)).cases;
}

/**
 * One page of cases and the total over all pages, from ONE computation of the visible cases: the
 * total is a window count taken before the page is cut (sorting needs every case anyway, so the
 * count comes for free instead of running every rule's query a second time).
 */
export async function pageOfCases(
  ctx: AlertContext,
  { rules, days, search }: CaseQuery,
  paging: { limit: number; offset: number },
): Promise<{ cases: CaseRow[]; total: number }> {
  if (rules.length === 0) return { cases: [], total: 0 };
  // The page first (ordered and cut), then its comment counts and postponements: per row of the page only.
  const result = await ctx.db.execute(sql`select v.id, v.alert_type, v.record_id, v.raison_social, v.postal_code,
      v.due_date, v.display_value, v.link, v.total_count,
      coalesce((select a.date::text from alert_actions a where a.alert_key = v.id and a.action = 'POSTPONED'
        order by a.at desc, a.id desc limit 1), v.date_relance) as date_relance,
      (select count(*) from alert_actions a where a.alert_key = v.id and a.action = 'COMMENTED') as comment_count
    from (select c.*, count(*) over () as total_count from ${visibleCases(ctx, rules, days, search)} c
      order by c.due_date asc nulls last, c.raison_social asc nulls last, c.id asc
      limit ${paging.limit} offset ${paging.offset}) v
    order by v.due_date asc nulls last, v.raison_social asc nulls last, v.id asc`);
  const rows = rowsOf<CaseRow & { total_count?: number | string }>(result);
  const cases = rows.map(({ total_count: _total, ...c }) => c);
  const first = rows[0];
  // A page past the end has no row to carry the total: only then is it counted on its own.
  if (first) return { cases, total: Number(first.total_count ?? 0) };
  return { cases, total: paging.offset > 0 ? await countCases(ctx, { rules, days, search }) : 0 };
}

/** How many cases the list shows over all its pages: the same query without paging. */
export async function countCases(ctx: AlertContext, { rules, days, search }: CaseQuery): Promise<number> {
  if (rules.length === 0) return 0;
  const result = await ctx.db.execute(sql`select count(*) as n from ${visibleCases(ctx, rules, days, search)} v`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Counts per page, one query: the landing page's tabs. */
export async function countByRule(ctx: AlertContext, rules: readonly AlertRule[], days: Map<string, number>) {
  if (rules.length === 0) return new Map<string, number>();
  const result = await ctx.db.execute(
    sql`select v.alert_type, count(*) as n from ${visibleCases(ctx, rules, days)} v group by v.alert_type`,
  );
  return new Map(rowsOf<{ alert_type: string; n: number | string }>(result).map((r) => [r.alert_type, Number(r.n)]));
}

/** The case of `rule` for one record as it stands now (hidden or not), or undefined when there is none. */
export async function findCase(ctx: AlertContext, rule: AlertRule, recordId: string, days: number) {
  const result = await ctx.db.execute(sql`select x.record_id, x.due_date
    from (${rule.cases({ ...ctx, thresholdDays: days })}) x where x.record_id = ${recordId} limit 1`);
  return rowsOf<{ record_id: string; due_date: IsoDate | null }>(result)[0];
}

/** Stores what a user did to an alert. */
export async function insertAction(tx: Executor, values: typeof alertActions.$inferInsert) {
  await tx.insert(alertActions).values(values);
}

/** Everything users did to one alert, oldest first. */
export const actionsOf = (db: Executor, key: string) =>
  db
    .select()
    .from(alertActions)
    .where(eq(alertActions.alertKey, key))
    .orderBy(asc(alertActions.at), asc(alertActions.id));

/** Drizzle's execute answers `{ rows }` on PostgreSQL and PGlite alike. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
