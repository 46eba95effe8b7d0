import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

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
