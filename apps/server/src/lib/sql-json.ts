import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * A list's rows built as JSON by PostgreSQL, sent by the server as the text it receives
 * (`reply.jsonText`, plugins/json-text.ts). Decoding fifty rows, mapping them, checking them against the
 * response schema and encoding them again cost the server three times what the statement cost the
 * database: 1.3 ms of processor for a page of clients against 0.4 ms as text (docs/performance.md,
 * 27 novembre 2026, soir). The response schema stays the contract: tests check every such answer against
 * it (plugins/json-text.ts), and the display texts come from SQL twins of the shared formatters
 * (migration 0029_display_text, display-text.test.ts).
 */

/** A JSON answer's text, typed by what it holds (the route's response schema checks it in tests). */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(readonly text: string) {}
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** `json_build_object('key', value, …)` in the order of `fields` (PostgreSQL takes at most 50 pairs). */
export function jsonObject(fields: Record<string, SQLWrapper | unknown>): SQL {
  const entries = Object.entries(fields);
  if (entries.length > 50) throw new Error("json_build_object prend au plus 50 paires");
  return sql`json_build_object(${sql.join(
    entries.map(([key, value]) => {
      if (!KEY.test(key)) throw new Error(`clé JSON invalide : ${key}`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    }),
    sql`, `,
  )})`;
}

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, "Z"); null stays null. */
export const isoTimestamp = (column: SQLWrapper): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A JSON object's text with more keys at its end: each value is JSON text (null becomes `null`). What a row kept
 * as text (a `list_row`) gets at each read when it depends on the day or on another table's row.
 *
 * The closing brace is cut as a byte: `left(text, -1)` counts every character of the text first (UTF-8), 4 µs
 * for a mail's 700-byte row, the costliest step of a page of fifty (docs/performance.md, 29 novembre, fin de nuit).
 * `convert_to` and `convert_from` between UTF-8 and a UTF-8 database only check the bytes (another encoding is
 * converted there and back), and the cut is exact whatever the characters: the brace is the text's last byte.
 * `objectText` is read twice: a column.
 */
export const withJsonKeys = (objectText: SQLWrapper, values: Record<string, SQLWrapper>): SQL<string> => {
  const added = Object.entries(values).map(([key, valueJson]) => {
    if (!KEY.test(key)) throw new Error(`clé JSON invalide : ${key}`);
    return sql`${sql.raw(`', "${key}" : '`)} || coalesce(${valueJson}, 'null')`;
  });
  const open = sql`convert_from(substring(convert_to(${objectText}, 'UTF8') from 1 for octet_length(${objectText}) - 1), 'UTF8')`;
  return sql<string>`${open} || ${sql.join(added, sql` || `)} || '}'`;
};

/** A JSON object's text with one more key at its end (see withJsonKeys). */
export const withJsonKey = (objectText: SQLWrapper, key: string, valueJson: SQLWrapper): SQL<string> =>
  withJsonKeys(objectText, { [key]: valueJson });

/** A text or a date as a JSON string's text (null stays null); ISO dates whatever the session's DateStyle. */
export const jsonStringText = (value: SQLWrapper): SQL<string | null> => sql<string | null>`to_json(${value})::text`;

/** `value`, or null for an empty text (what `filter(Boolean)` drops from a list of parts). */
export const nonEmpty = (value: SQLWrapper | SQL): SQL => sql`nullif(${value}, '')`;

/** The JSON array of `row` over the statement's rows in `order` (`[]` without rows), as text. */
export const jsonArrayText = (row: SQL, order: SQLWrapper[]): SQL<string> =>
  sql<string>`coalesce(json_agg(${row} order by ${sql.join(order, sql`, `)}), '[]')::text`;

/** The JSON array of rows kept as JSON texts (`column`), in `order` (`[]` without rows), as text. */
export const jsonTextsArray = (column: SQLWrapper, order: SQLWrapper[]): SQL<string> =>
  sql<string>`coalesce('[' || string_agg(${column}, ',' order by ${sql.join(order, sql`, `)}) || ']', '[]')`;

/** What a page statement (`items: jsonArrayText(…)`, `total`) returned: an aggregate, so always one row. */
export function jsonPageOf([page]: Array<{ items: string; total: number | null }>): { items: string; total: number } {
  return { items: page?.items ?? "[]", total: Number(page?.total ?? 0) };
}

/** A page answer `{ items, total, page, pageSize }` around the items' JSON text. */
export function pageJsonText<T>(items: string, total: number, page: { page: number; pageSize: number }) {
  return new JsonText<{ items: T[]; total: number; page: number; pageSize: number }>(
    `{"items":${items},"total":${total},"page":${page.page},"pageSize":${page.pageSize}}`,
  );
}
