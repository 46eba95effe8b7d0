import { type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";

/**
 * A list's page statements, prepared once per database and per shape (which filters are set, how many
 * search words, the sort, the direction, the page size), the values being the statement's parameters.
 * Building a page with drizzle took more of the server's processor than PostgreSQL spent running it, and
 * a named statement is parsed and planned once per connection instead of at every call
 * (docs/performance.md). `prefix` names the statements (`client_list_page_3`): a name is unique per list.
 *
 * A shape may hold a value that changes slowly (the client list's date for its date filters): past
 * `maxShapes` shapes of one list the cache starts again (a page size is free between 1 and 1000, the date
 * changes daily). Names are never reused: a connection keeps a statement it has prepared under its name.
 */
export function preparedByShape<Statement>(prefix: string, maxShapes = 200) {
  const byDatabase = new WeakMap<Executor, { shapes: Map<string, Statement>; named: number }>();
  return (db: Executor, shape: string, prepare: (name: string) => Statement): Statement => {
    let cache = byDatabase.get(db);
    if (!cache) {
      cache = { shapes: new Map(), named: 0 };
      byDatabase.set(db, cache);
    }
    let statement = cache.shapes.get(shape);
    if (!statement) {
      if (cache.shapes.size >= maxShapes) cache.shapes.clear();
      cache.named += 1;
      statement = prepare(`${prefix}_${cache.named}`);
      cache.shapes.set(shape, statement);
    }
    return statement;
  };
}

/**
 * A value of a list's query: itself in a plain statement, a named placeholder in a prepared one, so that
 * the same conditions serve both (the prepared statement's `execute` then takes the values by name).
 */
export type StatementParam = (name: string, value: string) => string | SQLWrapper;
export const boundValue: StatementParam = (_name, value) => value;
export const namedPlaceholder: StatementParam = (name) => sql.placeholder(name);

/**
 * A statement's values recorded by name while its query is built with `param`: the query is built at each
 * call (cheap), its text written and prepared once per shape, and the statement executed with `values`.
 * Build the query before asking the cache for its statement, not in the `prepare` callback, which runs only
 * the first time of a shape: the values would be recorded only then.
 */
export function recordedValues(initial: Record<string, unknown> = {}) {
  const values: Record<string, unknown> = { ...initial };
  const param: StatementParam = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  return { values, param };
}
