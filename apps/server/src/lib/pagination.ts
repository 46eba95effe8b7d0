import { type SQL, sql } from "drizzle-orm";

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const offsetOf = ({ page, pageSize }: PageRequest) => (page - 1) * pageSize;

/** Escapes LIKE wildcards so a user's % or _ is searched literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page size written into a prepared statement's text, not as a parameter: with the limit known the
 * planner keeps one plan for every call (see client-list.repository.ts). Checked, since it is raw SQL.
 */
export function pageSizeSql(pageSize: number): SQL {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new Error(`page size ${pageSize} is not a positive integer`);
  return sql.raw(String(pageSize));
}

/** An offset a prepared statement reads through a subquery: unknown to every plan alike (same file). */
export const offsetParam = (name = "offset"): SQL => sql`(select ${sql.placeholder(name)}::int)`;
