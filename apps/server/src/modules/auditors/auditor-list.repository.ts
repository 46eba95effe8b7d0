import { type AuditorListQueryOutput, type AuditorSortKey, requiredDocumentKinds } from "@certidesk/shared";
import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditorLinks, auditors, documents } from "../../db/schema/index.js";
import { outerColumn } from "../../lib/outer-column.js";
import { offsetOf } from "../../lib/pagination.js";
import { foldedSql, matchEveryWord } from "../../lib/search-text.js";

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The kinds an evaluator of this row's status must hold, as a SQL array. */
const requiredKinds = sql`case when ${auditors.status} = 'INDEPENDANT' then ${textArray(requiredDocumentKinds("INDEPENDANT"))} else ${textArray(requiredDocumentKinds("SALARIE"))} end`;

/** The kinds held valid on `day` (a document is valid through its validUntil day). */
const validKindsOn = (day: string) =>
  sql`coalesce((select array_agg(distinct d.auditor_document_kind) from ${documents} d where d.auditor_id = ${outerColumn(auditors.id)} and d.family = 'AUDITOR' and d.deleted_at is null and d.auditor_document_kind is not null and (d.valid_until is null or d.valid_until >= ${day}::date)), '{}'::text[])`;

/** OK, EXPIRING (something lapses within `soonDays`) or MISSING_OR_EXPIRED, computed in SQL. */
export const documentStateSql = (today: string, soon: string) =>
  sql<string>`case when not (${requiredKinds} <@ ${validKindsOn(today)}) then 'MISSING_OR_EXPIRED' when not (${requiredKinds} <@ ${validKindsOn(soon)}) then 'EXPIRING' else 'OK' end`;

const fullName = sql<string>`${auditors.lastName} || ' ' || ${auditors.firstName}`;

function sortExpression(key: AuditorSortKey, state: SQL) {
  switch (key) {
    case "city":
      return sql`lower(${foldedSql(sql`coalesce(${auditors.city}, '')`)})`;
    case "departement":
      return auditors.departement;
    case "status":
      return auditors.status;
    case "documentState":
      return state;
    case "updatedAt":
      return auditors.updatedAt;
    default:
      return sql`lower(${foldedSql(fullName)})`;
  }
}

/** Every word of the search in the name (either order), the city, the e-mail or the postal code. */
const searchCondition = (search: string | undefined): SQL | undefined =>
  matchEveryWord(search, (pattern) =>
    or(
      ilike(foldedSql(fullName), pattern),
      ilike(foldedSql(sql`coalesce(${auditors.city}, '')`), pattern),
      ilike(sql`coalesce(${auditors.email}, '')`, pattern),
      ilike(sql`coalesce(${auditors.postalCode}, '')`, pattern),
    ),
  );

/** The evaluator list: filtered, searched, sorted and paged in SQL; page 0 gives every row (export). */
export async function listAuditors(
  db: Executor,
  q: AuditorListQueryOutput,
  scope: SQL | undefined,
  dates: { today: string; soon: string },
) {
  const state = documentStateSql(dates.today, dates.soon);
  const where = and(
    scope,
    q.active === "all" ? undefined : eq(auditors.active, q.active === "true"),
    q.status ? eq(auditors.status, q.status) : undefined,
    q.departement ? eq(auditors.departement, q.departement) : undefined,
    q.zone ? sql`${auditors.zones} ? ${q.zone}` : undefined,
    q.sectorDomain ? sql`${auditors.sectorDomains} ? ${q.sectorDomain}` : undefined,
    q.documents === "MISSING_OR_EXPIRED" ? sql`${state} = 'MISSING_OR_EXPIRED'` : undefined,
    q.documents === "EXPIRING" ? sql`${state} = 'EXPIRING'` : undefined,
    searchCondition(q.search),
  );
  const direction = q.direction === "desc" ? sql`desc` : sql`asc`;
  const base = () =>
    db
      .select({
        auditor: auditors,
        documentState: state,
        openLinks: sql<number>`(select count(*) from ${auditorLinks} l where l.auditor_id = ${outerColumn(auditors.id)} and (l.end_date is null or l.end_date >= ${dates.today}::date))`,
      })
      .from(auditors)
      .where(where)
      .orderBy(sql`${sortExpression(q.sort, state)} ${direction} nulls last`, auditors.lastName, auditors.id);
  const rowsQuery = q.page === 0 ? base().limit(10_000) : base().limit(q.pageSize).offset(offsetOf(q));
  const [rows, [total]] = await Promise.all([rowsQuery, db.select({ n: count() }).from(auditors).where(where)]);
  return { rows: rows.map((r) => ({ ...r, openLinks: Number(r.openLinks) })), total: Number(total?.n ?? 0) };
}
