import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { totalColumn } from "./page-in-one-statement.js";
import { preparedByShape } from "./prepared-by-shape.js";

/**
 * The totals of searched list views, remembered by this server for the data version they were counted at.
 *
 * A frequent word ("ehpad", in a fifth of 10,000 clients) costs more to count than to page: the page stops
 * at its 50 rows, the total reads every match (docs/performance.md). The total of a view changes only when
 * its table does, and the database keeps a version per list, a fresh value written at the commit of every
 * transaction that changes the table (list_versions, migration 0041_list_versions). So the page statement
 * reads the version with its rows, in the same snapshot; while the version is the one the total was
 * counted at, the total is still exact, and the statement need not count again.
 *
 * Remembered only where both readings are of committed data: in a transaction that has written (its
 * changes are seen, the version not yet bumped) the statement counts, and what it counts is not kept.
 * Per database handle (a test process opens many databases whose versions start alike), bounded.
 */
export interface VersionedTotals {
  /** The page with its total: `page(true)` counts in the statement, `page(false)` does not. */
  page(db: Executor, key: string, statements: VersionedPageStatements): Promise<{ items: string; total: number }>;
}

export interface VersionedPageStatements {
  /**
   * `remembered`: the total counted at an earlier version, given with `page(false)`. Not exact if the list
   * moved since, but a fair measure of how many rows match: a page may choose its plan by it (prospects).
   */
  page(withTotal: boolean, remembered?: number): Promise<VersionedRow<{ items: string; total?: number | null }>[]>;
  count(): Promise<VersionedRow<{ total: number }>[]>;
}

/** The two columns a versioned statement adds to its row (`versionColumns`). */
export type VersionedRow<Row> = Row & { version: string | null; clean: boolean };

/**
 * The version of the lists a view reads (one, or several joined: the outbox searched by establishment
 * name reads clients too) and whether the transaction has written nothing yet, read with the statement's
 * rows.
 */
export function versionColumns(lists: string | readonly string[]): {
  version: SQL<string | null>;
  clean: SQL<boolean>;
} {
  const names = typeof lists === "string" ? [lists] : lists;
  const version =
    names.length === 1
      ? sql<string | null>`(select version::text from list_versions where list = ${names[0]})`
      : // null (never remembered) while one of them has no version yet
        sql<
          string | null
        >`(select case when count(*) = ${sql.raw(String(names.length))} then string_agg(version::text, '.' order by list) end
            from list_versions where list in (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )}))`;
  return {
    version,
    clean: sql<boolean>`(pg_current_xact_id_if_assigned() is null)`,
  };
}

/**
 * A page statement's total column and, in a versioned statement (a search), the lists' version, with the
 * total counted only when asked (`page(true)`).
 */
export function totalWithVersion(
  countQuery: SQLWrapper,
  lists: string | readonly string[],
  versioned?: { withTotal: boolean },
) {
  if (!versioned) return { total: totalColumn(countQuery) };
  return {
    total: versioned.withTotal ? totalColumn(countQuery) : sql<number | null>`null`,
    ...versionColumns(lists),
  };
}

const preparedVersions = preparedByShape<{
  execute(): Promise<Array<{ version: string | null; clean: boolean }>>;
}>("list_version");

/**
 * The lists' version alone, read to check a remembered value at each call: one statement prepared once per
 * database and lists (lib/prepared-by-shape.ts). Built by drizzle at each call, it cost the status counts of the
 * mail screen a sixth of their processor. The application's handle only, never a transaction's.
 */
export function readVersion(db: Executor, lists: string | readonly string[]) {
  const key = typeof lists === "string" ? lists : lists.join(",");
  return preparedVersions(db, key, (name) =>
    db.select(versionColumns(lists)).from(sql`(select 1) as one`).prepare(name),
  ).execute();
}

/** A list's total counted alone, with its version: the statement `count()` runs when the version moved. */
export function versionedCount(db: Executor, countQuery: SQLWrapper, lists: string | readonly string[]) {
  return db.select({ total: totalColumn(countQuery), ...versionColumns(lists) }).from(sql`(select 1) as one`);
}

interface Remembered<T> {
  version: string;
  value: T;
}

/** What this server remembers per database handle, for a view's key: the oldest view read goes first. */
function rememberedViews<T>(maxViews: number) {
  const byDatabase = new WeakMap<Executor, Map<string, Remembered<T>>>();
  return {
    get(db: Executor, key: string) {
      return byDatabase.get(db)?.get(key);
    },
    /** Kept only when read clean (outside a writing transaction) and at a known version. */
    remember(db: Executor, key: string, row: { version: string | null; clean: boolean }, value: T) {
      if (!row.clean || row.version === null) return;
      let views = byDatabase.get(db);
      if (!views) {
        views = new Map();
        byDatabase.set(db, views);
      }
      views.delete(key);
      views.set(key, { version: row.version, value });
      // A Map iterates in insertion order, and a hit inserts again.
      if (views.size > maxViews) views.delete(views.keys().next().value as string);
    },
  };
}

/** A count being made, with the version it is made at: what a concurrent call for the same view waits for. */
interface Counted<T> {
  version: string | null;
  clean: boolean;
  value: T;
}

/**
 * The counts in flight per database handle and view. Fifty users opening the same search on a fresh server
 * (or right after a write moved the version) each counted it: a frequent word's count is tens of ms of
 * PostgreSQL, fifty at once held every page behind them for seconds (docs/performance.md). A call that finds
 * the view being counted waits for that count, and takes it if it is of the version its own page read.
 */
function countsInFlight<T>() {
  const byDatabase = new WeakMap<Executor, Map<string, Promise<Counted<T> | null>>>();
  return {
    get: (db: Executor, key: string) => byDatabase.get(db)?.get(key),
    /**
     * `work` is the view's count in flight until it settles (then gone before its caller resumes); what it
     * counted is `counted(result)`. A failure is its caller's alone: the callers waiting count by themselves.
     */
    async run<R>(db: Executor, key: string, work: Promise<R>, counted: (result: R) => Counted<T> | null) {
      let views = byDatabase.get(db);
      if (!views) {
        views = new Map();
        byDatabase.set(db, views);
      }
      const shared = work.then(counted).catch(() => null);
      views.set(key, shared);
      try {
        return await work;
      } finally {
        if (views.get(key) === shared) views.delete(key);
      }
    },
  };
}

/** The in-flight count, if there is one and it was read clean at the version of `row` (read clean too). */
async function sameVersion<T>(
  pending: Promise<Counted<T> | null> | undefined,
  row: { version: string | null; clean: boolean } | undefined,
) {
  if (!pending || !row?.clean || row.version === null) return undefined;
  const counted = await pending;
  return counted?.clean && counted.version === row.version ? counted : undefined;
}

const countedOf = <T>(row: VersionedRow<unknown> | undefined, value: T): Counted<T> | null =>
  row ? { version: row.version, clean: row.clean, value } : null;

export function versionedTotals(maxViews = 500): VersionedTotals {
  const views = rememberedViews<number>(maxViews);
  const counting = countsInFlight<number>();
  return {
    async page(db, key, statements) {
      const known = views.get(db, key);
      const pending = counting.get(db, key);
      if (!known && !pending) {
        const [row] = await counting.run(db, key, statements.page(true), ([first]) =>
          countedOf(first, Number(first?.total ?? 0)),
        );
        const total = Number(row?.total ?? 0);
        if (row) views.remember(db, key, row, total);
        return { items: row?.items ?? "[]", total };
      }
      const [row] = await statements.page(false, known?.value);
      if (known && row?.clean && row.version === known.version) {
        views.remember(db, key, row, known.value);
        return { items: row.items, total: known.value };
      }
      const waited = await sameVersion(counting.get(db, key) ?? pending, row);
      if (waited) {
        views.remember(db, key, waited, waited.value);
        return { items: row?.items ?? "[]", total: waited.value };
      }
      // The list changed since (or this transaction wrote): counted again, in a statement of its own.
      const [counted] = await counting.run(db, key, statements.count(), ([first]) =>
        countedOf(first, Number(first?.total ?? 0)),
      );
      const total = Number(counted?.total ?? 0);
      if (counted) views.remember(db, key, counted, total);
      return { items: row?.items ?? "[]", total };
    },
  };
}

/**
 * Any value counted over lists (a screen's counts per status), remembered like the totals above: while the
 * lists' version is the one it was computed at, a statement that reads only the version gives it back.
 */
export interface VersionedValues<T> {
  get(
    db: Executor,
    key: string,
    statements: {
      /** The lists' version alone (`versionColumns`), read when a value is remembered. */
      version(): Promise<Array<{ version: string | null; clean: boolean }>>;
      /** The value computed, with the version it was computed at. */
      compute(): Promise<Array<VersionedRow<{ value: T }>>>;
    },
  ): Promise<T>;
  /**
   * The value last remembered for the view, whatever has changed since: a hint (how many rows a search
   * matches, to choose how to read its page), never an answer.
   */
  remembered(db: Executor, key: string): T | undefined;
}

export function versionedValues<T>(fallback: T, maxViews = 500): VersionedValues<T> {
  const views = rememberedViews<T>(maxViews);
  const counting = countsInFlight<T>();
  return {
    async get(db, key, statements) {
      const known = views.get(db, key);
      const pending = counting.get(db, key);
      if (known || pending) {
        const [row] = await statements.version();
        if (known && row?.clean && row.version === known.version) {
          views.remember(db, key, row, known.value);
          return known.value;
        }
        const waited = await sameVersion(counting.get(db, key) ?? pending, row);
        if (waited) {
          views.remember(db, key, waited, waited.value);
          return waited.value;
        }
      }
      const [computed] = await counting.run(db, key, statements.compute(), ([first]) =>
        first ? countedOf(first, first.value) : null,
      );
      if (!computed) return fallback;
      views.remember(db, key, computed, computed.value);
      return computed.value;
    },
    remembered: (db, key) => views.get(db, key)?.value,
  };
}
