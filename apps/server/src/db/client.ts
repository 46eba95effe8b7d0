import fs from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Client as PgClient } from "pg";
import { markConnectFailure } from "../lib/db-errors.js";
import { type ChangeHandlers, listenOnPglite, listenOnPostgres } from "./change-feed.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

/** One connection inside one transaction, for raw SQL (backup and restore). */
export interface RawTransaction {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs one or more SQL statements without parameters (migrations, backup restore). */
  execRaw(sqlText: string): Promise<void>;
  /** Runs one parameterised query and returns its rows (backup). */
  queryRaw<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `work` in one transaction on one connection (a dump reads one snapshot; a restore's statements
   * commit together or not at all). On PGlite the instance is held for the whole transaction.
   */
  rawTransaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Follows a NOTIFY channel (db/change-feed.ts): `onNotice` on each notice; `onLive(false)` when notices
   * may be missed (PostgreSQL: the listening connection was lost, until it is back), `onLive(true)` once
   * they are followed. Resolves with the function that stops listening.
   */
  listen(channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" for an in-memory database (tests). */
  pgliteDir?: string;
  /** Starts PGlite from a dump of another data directory (`dumpDataDir`): tests copy a migrated template. */
  pgliteDump?: Blob;
  /** PostgreSQL pool size (PG_POOL_MAX; 10 by default). */
  poolMax?: number;
  /**
   * Appends every query and its parameters to this file, one JSON line each (SQL_CAPTURE_FILE): the load
   * benchmark replays the SQL of each call directly to measure what the API adds. Never in production.
   */
  captureSqlFile?: string;
}

function sqlCapture(file: string | undefined) {
  if (!file) return undefined;
  return {
    logQuery: (query: string, params: unknown[]) => fs.appendFileSync(file, `${JSON.stringify({ query, params })}\n`),
  };
}

/**
 * The same capture on PostgreSQL, read from each connection's queries rather than from drizzle's logger:
 * it also says whether a statement ran under a name (`prepared`), so that the load bench replays a prepared
 * page as a named statement (planned once, then a generic plan) and a searched page unnamed (planned for its
 * words at each call), as the server ran them (scripts/bench-load/sql-replay.mjs).
 */
function captureConnectionQueries(pool: import("pg").Pool, file: string) {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const record = (text: string, params: unknown, prepared: boolean) =>
      fs.appendFileSync(
        file,
        `${JSON.stringify({ query: text, params: Array.isArray(params) ? params : [], prepared })}\n`,
      );
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (typeof config === "string") record(config, rest[0], false);
      else if (config && typeof config === "object" && "text" in config) {
        // drizzle passes a prepared statement's values beside its config, not in it.
        const { text, values, name } = config as { text: string; values?: unknown[]; name?: string };
        record(text, values ?? rest[0], Boolean(name));
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}

/**
 * What an outage may cost a request on PostgreSQL: a connection that cannot be opened (a host that does not
 * answer, a pool whose connections are all stuck) fails after 5 s instead of waiting for the system's TCP
 * timeout, and a connection whose peer vanished without closing it is found dead by keep-alive probes
 * after 10 s of silence, not two hours. The request then answers 503 (lib/db-errors.ts).
 */
export const OUTAGE_BOUNDS = { connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

/**
 * The driver's client, whose failures to connect are marked: a refused connection is an outage whatever
 * the server says (a database not accepting connections answers SQLSTATE 55000, also used for faults of a
 * query), so the API answers 503 for it (lib/db-errors.ts).
 */
function connectFailuresMarked(Client: typeof PgClient) {
  return class extends Client {
    override connect(): Promise<PgClient>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<PgClient> | undefined {
      if (!callback) return super.connect().catch((error: unknown) => Promise.reject(markConnectFailure(error)));
      super.connect((error: Error) => callback(error ? markConnectFailure(error) : error));
      return undefined;
    }
  };
}

/**
 * PGlite is single-process and single-connection: one instance per data directory, and PGlite
 * itself serialises queries and transactions. PostgreSQL gets a pool.
 *
 * Each engine's driver is imported only when it is the one opened: PGlite (Postgres compiled to
 * WebAssembly) would cost a production server on PostgreSQL tens of megabytes for nothing.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // Without PostgreSQL's JIT: compiling a query whose estimated cost passes jit_above_cost took longer
      // than running it (the alerts' summary: 330 ms of compilation; the statistics' counts: 50 ms of 110),
      // and this application's reads are short (docs/performance.md). An `options` in the URL wins.
      options: "-c jit=off",
      Client: connectFailuresMarked(pg.Client),
      ...OUTAGE_BOUNDS,
    });
    // An idle connection closed by the server (restart, failover, a dropped database) must not crash
    // the process: the pool drops it and opens a new one on the next query.
    pool.on("error", (error) => {
      console.warn(`PostgreSQL : connexion inactive fermée (${error.message})`);
    });
    // Nor one lost while lent out (inside a transaction between two queries): pg emits the error on the
    // client, which has no listener then, and an unheard 'error' ends the process. The query that follows
    // fails instead (answered 503), and the pool discards the client when it comes back.
    pool.on("connect", (client) => {
      client.on("error", () => undefined);
    });
    if (options.captureSqlFile) captureConnectionQueries(pool, options.captureSqlFile);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      execRaw: async (text) => {
        // One dedicated connection, so a failed multi-statement script is rolled back where it ran.
        const client = await pool.connect();
        try {
          await client.query(text);
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      queryRaw: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      rawTransaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const result = await work({
            exec: async (text) => {
              await client.query(text);
            },
            query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
          });
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      listen: (channel, handlers) =>
        listenOnPostgres(pg, { connectionString: options.databaseUrl, ...OUTAGE_BOUNDS }, channel, handlers),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  // pg_trgm: the lists' trigram indexes (search); PostgreSQL ships it, PGlite loads it here. Every PGlite
  // instance opens here, so the tests' template, restores and scripts have it too.
  const extensions = { pg_trgm };
  const client = new PGlite(dir, options.pgliteDump ? { loadDataDir: options.pgliteDump, extensions } : { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: sqlCapture(options.captureSqlFile) }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    execRaw: async (text) => {
      await client.exec(text);
    },
    queryRaw: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: () => client.close(),
  };
}
