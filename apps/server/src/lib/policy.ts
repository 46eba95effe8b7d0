import { hasPermission, type PermissionCode, type Requirement } from "@certidesk/shared";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { clients, legalEntities } from "../db/schema/index.js";
import type { Actor } from "./actor.js";
import { conflict, forbidden, notFound } from "./errors.js";

/**
 * Record-level authorization, in the manner of Outline's `server/policies`.
 *
 * A resource names a kind of record, the actions one can ask about it, the message of its 404,
 * and its scope: whether an actor may know the record exists at all. Each domain then declares,
 * in `modules/<x>/<x>.policy.ts`:
 *   allow(contract, ["update"], (actor, c) => granted(actor, "PROSPECT", "update"));
 *   guard(contract, ["update"], (c) => c.status !== "DRAFT" && "Ce contrat n'est plus modifiable.");
 * and the services ask `authorize(actor, "update", contract, record)`:
 *   outside the scope → 404 (the record's existence is not revealed),
 *   no `allow` rule holds → 403,
 *   a `guard` objects → 409 with its French message (the record's state forbids it, not the person).
 * `can` answers the same question as a boolean, and `abilities` lists every action for a detail
 * response, so the screens stop re-deriving the rules.
 */
export type Rule<R> = (actor: Actor, record: R) => boolean;
/** A reason (French) why the record's state forbids the action, or false/null when it does not. */
export type Guard<R> = (record: R) => string | false | null | undefined;

export interface Resource<R, A extends string> {
  readonly name: string;
  readonly actions: readonly A[];
  readonly notFound: string;
  readonly scope: Rule<R>;
  readonly rules: Map<A, Rule<R>[]>;
  readonly guards: Map<A, Guard<R>[]>;
}

export interface ResourceDefinition<R, A extends string> {
  name: string;
  actions: readonly A[];
  /** The 404 message of this kind of record. */
  notFound: string;
  /** Whether the actor may see this record at all; false answers 404. Defaults to staff only. */
  scope?: Rule<R>;
}

/** `defineResource<Contract>()({ name, actions, notFound, scope })`: curried so A is inferred. */
export function defineResource<R>() {
  return <const A extends string>(definition: ResourceDefinition<R, A>): Resource<R, A> => ({
    name: definition.name,
    actions: definition.actions,
    notFound: definition.notFound,
    scope: definition.scope ?? isStaff,
    rules: new Map(),
    guards: new Map(),
  });
}

/** Grants `actions` on the resource to whoever satisfies `rule` (rules of one action are OR-ed). */
export function allow<R, A extends string>(resource: Resource<R, A>, actions: A | readonly A[], rule: Rule<R>): void {
  for (const action of typeof actions === "string" ? [actions] : actions) {
    resource.rules.set(action, [...(resource.rules.get(action) ?? []), rule]);
  }
}

/** Forbids `actions` while the record is in a state the guard objects to (every guard must pass). */
export function guard<R, A extends string>(resource: Resource<R, A>, actions: A | readonly A[], check: Guard<R>): void {
  for (const action of typeof actions === "string" ? [actions] : actions) {
    resource.guards.set(action, [...(resource.guards.get(action) ?? []), check]);
  }
}

export type Verdict = "allowed" | "hidden" | "forbidden" | { conflict: string };

/** The full answer: hidden (404), forbidden (403), a conflict of state (409), or allowed. */
export function decide<R, A extends string>(actor: Actor, action: A, resource: Resource<R, A>, record: R): Verdict {
  if (!resource.scope(actor, record)) return "hidden";
  const rules = resource.rules.get(action) ?? [];
  if (!rules.some((rule) => rule(actor, record))) return "forbidden";
  for (const check of resource.guards.get(action) ?? []) {
    const reason = check(record);
    if (reason) return { conflict: reason };
  }
  return "allowed";
}

export function can<R, A extends string>(actor: Actor, action: A, resource: Resource<R, A>, record: R): boolean {
  return decide(actor, action, resource, record) === "allowed";
}

/** Throws 404 outside the actor's scope, 403 without the right, 409 when the record's state forbids it. */
export function authorize<R, A extends string>(actor: Actor, action: A, resource: Resource<R, A>, record: R): void {
  const verdict = decide(actor, action, resource, record);
  if (verdict === "allowed") return;
  if (verdict === "hidden") throw notFound(resource.notFound);
  if (verdict === "forbidden") throw forbidden();
  throw conflict(verdict.conflict);
}

/** Throws 404 unless the actor may see the record (the first step of every service method). */
export function authorizeScope<R, A extends string>(actor: Actor, resource: Resource<R, A>, record: R): void {
  if (!resource.scope(actor, record)) throw notFound(resource.notFound);
}

/** Every action of the resource, for the detail response: `{ read: true, update: false, … }`. */
export function abilities<R, A extends string>(actor: Actor, resource: Resource<R, A>, record: R): Record<A, boolean> {
  return Object.fromEntries(resource.actions.map((a) => [a, can(actor, a, resource, record)])) as Record<A, boolean>;
}

// ---------------------------------------------------------------------------------------------
// Building blocks for rules and scopes.

/** The profile's grant (editable in Settings): the "who" half of most rules. */
export function granted(actor: Actor, code: PermissionCode, requirement: Requirement): boolean {
  return hasPermission(actor.grants, code, requirement);
}

/** Staff see every commercial record; evaluators and client users only what their scope opens. */
export function isStaff(actor: Actor): boolean {
  return actor.profileType !== "AUDITEUR" && actor.profileType !== "MYQUALIANOR";
}

/**
 * Which records an actor may see, as a value the repositories turn into SQL: everything (staff),
 * one client's establishments (a client user), one evaluator's records, or nothing.
 */
export type RecordScope =
  | { kind: "all" }
  | { kind: "client"; clientId: string }
  | { kind: "auditor"; auditorId: string }
  | { kind: "none" };

export function recordScope(actor: Actor): RecordScope {
  if (actor.profileType === "MYQUALIANOR")
    return actor.clientId ? { kind: "client", clientId: actor.clientId } : { kind: "none" };
  if (actor.profileType === "AUDITEUR")
    return actor.auditorId ? { kind: "auditor", auditorId: actor.auditorId } : { kind: "none" };
  return { kind: "all" };
}

/** Whether a record belonging to (clientId, auditorId) lies within the scope. */
export function inScope(scope: RecordScope, owner: { clientId?: string | null; auditorId?: string | null }): boolean {
  if (scope.kind === "all") return true;
  if (scope.kind === "client") return owner.clientId === scope.clientId;
  if (scope.kind === "auditor") return owner.auditorId === scope.auditorId;
  return false;
}

/**
 * The WHERE clause of a list for a scope. `columns` says which column holds the record's client
 * and/or evaluator; a scope without its column (an evaluator on a table with no evaluator) sees
 * nothing. Returns undefined (no filter) for staff.
 */
export function scopeWhere(
  scope: RecordScope,
  columns: { clientId?: AnyPgColumn | SQL; auditorId?: AnyPgColumn | SQL },
): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "client" && columns.clientId) return sql`${columns.clientId} = ${scope.clientId}`;
  if (scope.kind === "auditor" && columns.auditorId) return sql`${columns.auditorId} = ${scope.auditorId}`;
  return sql`false`;
}

/** The ESSMS of a gestionnaire (through their legal entities), as a condition on a client id column. */
export function establishmentsOfGestionnaire(column: AnyPgColumn, gestionnaireId: string): SQL {
  return inArray(
    column,
    sql`(select ${clients.id} from ${clients} join ${legalEntities} on ${eq(legalEntities.id, clients.legalEntityId)} where ${legalEntities.gestionnaireId} = ${gestionnaireId})`,
  );
}
