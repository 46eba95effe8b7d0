import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column of the outer query, spelled with its table, for a correlated subquery. Drizzle prints a column
 * unqualified ("id") when its query has no join, and inside the subquery that name is the subquery's own
 * column: `where l.auditor_id = "id"` compared a link with itself and counted nothing.
 */
export const outerColumn = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
