import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client.js";
import type { Actor } from "./actor.js";
import { diffFields, writeAudit } from "./audit.js";
import { type Clock, systemClock } from "./clock.js";
import { conflict, notFound, staleVersion } from "./errors.js";
import { authorize, type Resource } from "./policy.js";

/** A table with optimistic locking: an `id` and a `version` (and usually `updatedAt`). */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };
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

interface CommonOptions<T extends VersionedTable, A extends string> {
  /** The database or the caller's transaction (the helper opens a transaction, or a savepoint in one). */
  db: Executor;
  table: T;
  id: string;
  actor: Actor;
  /** Audit entity type: "contract", "request"… */
  entityType: string;
  /** 404 message; defaults to the resource's. */
  notFound?: string;
  /** Checks the loaded record: 404 outside the actor's scope, 403 without the right, 409 on a guard. */
  authorize?: { resource: Resource<RowOf<T>, A>; action: A };
  requestId?: string;
  clock?: Clock;
}

export interface VersionedUpdateOptions<T extends VersionedTable, A extends string> extends CommonOptions<T, A> {
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
): Promise<RowOf<T> | undefined> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  return rows[0] as RowOf<T> | undefined;
}

function check<T extends VersionedTable, A extends string>(
  options: CommonOptions<T, A>,
  current: RowOf<T> | undefined,
): RowOf<T> {
  const message = options.notFound ?? options.authorize?.resource.notFound;
  if (!current) throw notFound(message);
  if (options.authorize) authorize(options.actor, options.authorize.action, options.authorize.resource, current);
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
export async function versionedUpdate<T extends VersionedTable, A extends string = never>(
  options: VersionedUpdateOptions<T, A>,
): Promise<RowOf<T>> {
  const { db, table, id, version, actor, clock = systemClock } = options;
  return db.transaction(async (tx) => {
    const current = check(options, await loadForUpdate(tx, table, id));
    if ((current as { version: number }).version !== version) throw staleVersion();
    const change = await options.apply(tx, current);
    const set: Record<string, unknown> = { ...change.values, version: sql`${table.version} + 1` };
    if ("updatedAt" in getTableColumns(table)) set.updatedAt = clock.now();
    const [saved] = (await tx
      .update(table)
      .set(set as PgUpdateSetSource<T>)
      .where(and(eq(table.id, id), eq(table.version, version)))
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
        entityId: id,
        summary: change.summary,
        changes,
      },
      options.requestId,
    );
    return saved;
  });
}

export interface AppendOnlyOptions<T extends VersionedTable, A extends string> extends CommonOptions<T, A> {
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
export async function appendSuperseding<T extends VersionedTable, A extends string = never>(
  options: AppendOnlyOptions<T, A>,
): Promise<RowOf<T>> {
  const { db, table, id, version, actor } = options;
  return db.transaction(async (tx) => {
    const current = check(options, await loadForUpdate(tx, table, id));
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
