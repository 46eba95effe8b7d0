import { hasPermission, type PermissionCode, type Requirement } from "@certidesk/shared";
import type { Actor } from "./actor.js";
import { forbidden, notFound } from "./errors.js";

/**
 * The one place that decides who may do what. Routes declare the grant they need (checked before
 * validation by the permissions plugin); services call these for record scope.
 */
export type Access = "public" | "authenticated" | { code: PermissionCode; op: Requirement };

export function can(actor: Actor, code: PermissionCode, op: Requirement): boolean {
  return hasPermission(actor.grants, code, op);
}

export function authorize(actor: Actor, code: PermissionCode, op: Requirement): void {
  if (!can(actor, code, op)) throw forbidden();
}

export function isAllowed(access: Access, actor: Actor | null): boolean {
  if (access === "public") return true;
  if (!actor) return false;
  if (access === "authenticated") return true;
  return can(actor, access.code, access.op);
}

/** Record scope of a client: client users see only their own client. A hidden record answers 404. */
export function authorizeClientRecord(actor: Actor, clientId: string): void {
  if (actor.profileType === "MYQUALIANOR" && actor.clientId !== clientId) throw notFound();
  if (actor.profileType === "AUDITEUR") throw notFound();
}

/** Record scope of an evaluator: evaluators see only themselves, client users no evaluator file. */
export function authorizeAuditorRecord(actor: Actor, auditorId: string): void {
  if (actor.profileType === "AUDITEUR" && actor.auditorId !== auditorId) throw notFound();
  if (actor.profileType === "MYQUALIANOR") throw notFound();
}
