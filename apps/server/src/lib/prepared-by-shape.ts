import { type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";

/**
 * A list's page statements, prepared once per database and per shape (which filters are set, how many
 * search words, the sort, the direction, the page size), the values being the statement's parameters.
 * Building a page with drizzle took more of the server's processor than PostgreSQL spent running it, and
 * a named statement is parsed and planned once per connection instead of at every call
 * (docs/performance.md). `prefix` names the statements (`client_list_page_3`): a name is unique per list.
 *
 * Past `maxShapes` shapes of one list (a page size is free between 1 and 1000), a page is built as a plain
 * statement: `get` answers undefined and the caller runs the same query with its values.
 */
export function preparedByShape<Statement>(prefix: string, maxShapes = 200) {
  const byDatabase = new WeakMap<Executor, Map<string, Statement>>();
  return (db: Executor, shape: string, prepare: (name: string) => Statement): Statement | undefined => {
    let byShape = byDatabase.get(db);
    if (!byShape) {
      byShape = new Map();
      byDatabase.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement && byShape.size < maxShapes) {
      statement = prepare(`${prefix}_${byShape.size + 1}`);
      byShape.set(shape, statement);
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
