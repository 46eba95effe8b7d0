import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.js";

/**
 * A list page read in one statement: the page's ids (a sorted, limited query) as a CTE, the details of
 * those rows, and the total as an uncorrelated scalar subquery (evaluated once) on each row. One round
 * trip instead of three (ids, count, details): at fifty concurrent users each statement costs a write to
 * the database socket, a parse and a plan, and those dominated the cost of a page (docs/performance.md).
 *
 * `totalColumn(countQuery)` is the column to add to the details query; `totalOf` reads it back. A page
 * with no row carries no total: on the first page that means there is none; past the last page the
 * caller counts separately (`recount`).
 */
export const totalColumn = (countQuery: SQLWrapper): SQL<number> => sql<number>`(${countQuery})::int`;

export async function totalOf(
  rows: { total: number }[],
  page: { page: number },
  recount: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total);
  return page.page > 1 ? recount() : 0;
}

/** A page's bounds: numbers in a plain statement, SQL in a prepared one (`pageSizeSql`, `offsetParam`). */
export interface PageBounds {
  limit: number | SQL;
  offset: number | SQL;
}

/**
 * The page's ids as a CTE named `name`: the ids of `id`'s table that `where` keeps, in `order`, cut to the
 * page. The details query joins it with `db.with(cte)` and keeps its rows with `inPage`.
 */
export function pageIds(
  db: Executor,
  name: string,
  id: PgColumn,
  where: SQL | undefined,
  order: Array<SQL | PgColumn>,
  page: PageBounds,
) {
  return db.$with(name).as(
    db
      .select({ id })
      .from(id.table as PgTable)
      .where(where)
      .orderBy(...order)
      // drizzle types LIMIT and OFFSET as numbers or placeholders but writes any SQL it is given.
      .limit(page.limit as number)
      .offset(page.offset as number),
  );
}

/** `column in (the page's ids)`. */
export const inPage = (column: PgColumn, ids: ReturnType<typeof pageIds>) =>
  sql`${column} in (select ${sql.identifier("id")} from ${sql.identifier(ids._.alias)})`;
