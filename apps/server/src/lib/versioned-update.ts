import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.js";
import type { Actor } from "./actor.js";
import { diffFields, writeAudit } from "./audit.js";
import { type Clock, systemClock } from "./clock.js";
import { conflict, notFound, staleVersion } from "./errors.js";
import { authorize, type Resource } from "./policy.js";

/** A table with optimistic locking: a `version` (and usually `id` and `updatedAt`). */
export type VersionedTable = PgTable & { version: PgColumn };
/** An append-only table: its rows have an `id` the successor points at. */
export type IdentifiedTable = VersionedTable & { id: PgColumn };

function keyOf(table: VersionedTable, key?: PgColumn): PgColumn {
  const column = key ?? (table as Partial<IdentifiedTable>).id;
  if (!column) throw new Error("versionedUpdate: the table has no id column; pass `key`");
  return column;
}
export type RowOf<T extends PgTable> = T["$inferSelect"];

/** What a change writes: the new values, the audit summary, and optionally its action and diff. */
export interface Change<Row> {
  values: Partial<Row>;
  summary: string;
  /** Audit action; "update" by default. */
  action?: string;
  /** Audit differences; `true` computes them from the values (diffFields). */
  changes?: Record<string, unknown> | true;
}

/**
 * The policy check of the loaded row: the row itself is the policy's record, or `record` builds the
 * record from it (e.g. a contract with its establishments), inside the same transaction.
 */
export type AuthorizeOption<Row, A extends string, R> =
  | { resource: Resource<Row, A>; action: A; record?: undefined }
  | { resource: Resource<R, A>; action: A; record: (tx: Executor, current: Row) => Promise<R> | R };

interface CommonOptions<T extends VersionedTable, A extends string, R = RowOf<T>> {
  /** The database or the caller's transaction (the helper opens a transaction, or a savepoint in one). */
  db: Executor;
  table: T;
  /** The value of the row's key: its id, or the `key` column's value. */
  id: string;
  /** The column that identifies the row when it is not `id` (e.g. a series' code). */
  key?: PgColumn;
  actor: Actor;
  /** Audit entity type: "contract", "request"… */
  entityType: string;
  /** Audit entity id when it is not the key's value (e.g. "impartiality" for a settings row). */
  entityId?: string;
  /** 404 message; defaults to the resource's. */
  notFound?: string;
  /** Checks the loaded record: 404 outside the actor's scope, 403 without the right, 409 on a guard. */
  authorize?: AuthorizeOption<RowOf<T>, A, R>;
  requestId?: string;
  clock?: Clock;
}

export interface VersionedUpdateOptions<T extends VersionedTable, A extends string, R = RowOf<T>>
  extends CommonOptions<T, A, R> {
  /** The version the caller read; another one answers 409 and changes nothing. */
  version: number;
  /** Computes the change from the current row (may read or write related rows with tx, or throw). */
  apply: (tx: Executor, current: RowOf<T>) => Promise<Change<RowOf<T>>> | Change<RowOf<T>>;
  /** Runs after the update, in the same transaction (related rows, the parent's status). */
  after?: (tx: Executor, saved: RowOf<T>, current: RowOf<T>) => Promise<void>;
}

async function loadForUpdate<T extends VersionedTable>(
  tx: Executor,
  table: T,
  id: string,
  key?: PgColumn,
): Promise<RowOf<T> | undefined> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(eq(keyOf(table, key), id))
    .for("update");
  return rows[0] as RowOf<T> | undefined;
}

async function check<T extends VersionedTable, A extends string, R>(
  tx: Executor,
  options: CommonOptions<T, A, R>,
  current: RowOf<T> | undefined,
): Promise<RowOf<T>> {
  const rule = options.authorize;
  if (!current) throw notFound(options.notFound ?? rule?.resource.notFound);
  if (rule?.record) authorize(options.actor, rule.action, rule.resource, await rule.record(tx, current));
  else if (rule) authorize(options.actor, rule.action, rule.resource as Resource<RowOf<T>, A>, current);
  return current;
}

/**
 * The one write path of a versioned record, in one transaction:
 * load (locked) → 404 → authorize → compare the version (409) → apply → update with version + 1 →
 * after → audit entry → the saved row.
 *
 *   const saved = await versionedUpdate({
 *     db, table: contracts, id, version: input.version, actor, entityType: "contract",
 *     authorize: { resource: contractResource, action: "update" },
 *     apply: (tx, current) => ({ values: { deadline: input.deadline }, summary: "Échéance modifiée" }),
 *   });
 */
export async function versionedUpdate<T extends VersionedTable, A extends string = never, R = RowOf<T>>(
  options: VersionedUpdateOptions<T, A, R>,
): Promise<RowOf<T>> {
  const { db, table, id, version, actor, clock = systemClock } = options;
  return db.transaction(async (tx) => {
    const current = await check(tx, options, await loadForUpdate(tx, table, id, options.key));
    if ((current as { version: number }).version !== version) throw staleVersion();
    const change = await options.apply(tx, current);
    const set: Record<string, unknown> = { ...change.values, version: sql`${table.version} + 1` };
    if ("updatedAt" in getTableColumns(table)) set.updatedAt = clock.now();
    const [saved] = (await tx
      .update(table)
      .set(set as PgUpdateSetSource<T>)
      .where(and(eq(keyOf(table, options.key), id), eq(table.version, version)))
      .returning()) as RowOf<T>[];
    if (!saved) throw staleVersion();
    if (options.after) await options.after(tx, saved, current);
    const changes = change.changes === true ? diffFields(current, change.values) : change.changes;
    await writeAudit(
      tx,
      actor,
      {
        action: change.action ?? "update",
        entityType: options.entityType,
        entityId: options.entityId ?? id,
        summary: change.summary,
        changes,
      },
      options.requestId,
    );
    return saved;
  });
}

export interface AppendOnlyOptions<T extends IdentifiedTable, A extends string, R = RowOf<T>>
  extends CommonOptions<T, A, R> {
  /** The column of the new row that names the row it supersedes (a unique index on it makes the rule certain). */
  supersedes: PgColumn;
  /** The version the caller read of the row being superseded. */
  version: number;
  /** The new row's values (the helper adds the link to the superseded row). */
  build: (tx: Executor, current: RowOf<T>) => Promise<Change<T["$inferInsert"]>> | Change<T["$inferInsert"]>;
}

/**
 * The write path of an immutable record (an issued invoice, a sent mission order): never updated,
 * only superseded by a new row pointing at it. In one transaction: load (locked) → 404 → authorize →
 * compare the version → refuse if it is already superseded (409) → insert the successor → audit → it.
 */
export async function appendSuperseding<T extends IdentifiedTable, A extends string = never, R = RowOf<T>>(
  options: AppendOnlyOptions<T, A, R>,
): Promise<RowOf<T>> {
  const { db, table, id, version, actor } = options;
  return db.transaction(async (tx) => {
    const current = await check(tx, options, await loadForUpdate(tx, table, id));
    if ((current as { version: number }).version !== version) throw staleVersion();
    const [successor] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(eq(options.supersedes, id));
    if (successor) throw conflict("Cet enregistrement a déjà été remplacé : rechargez la page.");
    const change = await options.build(tx, current);
    const key = Object.entries(getTableColumns(table)).find(([, column]) => column === options.supersedes)?.[0];
    if (!key) throw new Error("appendSuperseding: the supersedes column is not a column of the table");
    const [created] = (await tx
      .insert(table)
      .values({ ...change.values, [key]: id } as T["$inferInsert"])
      .returning()) as RowOf<T>[];
    if (!created) throw new Error("appendSuperseding: nothing inserted");
    const createdId = (created as { id: string }).id;
    const changes = change.changes === true ? undefined : change.changes;
    await writeAudit(
      tx,
      actor,
      {
        action: change.action ?? "supersede",
        entityType: options.entityType,
        entityId: createdId,
        summary: change.summary,
        changes: { ...changes, supersedes: id },
      },
      options.requestId,
    );
    return created;
  });
}
