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

/**
 * Profiles whose job is personnel files: they alone see the RH family of the library (the evaluators'
 * contracts, certificates, interest declarations). Other staff, whatever their document grants, do
 * not: accounting and sales have no business reading them. See docs/permissions.md.
 */
export const HR_DOCUMENT_PROFILES: readonly string[] = ["DIR", "RH"];

export const canSeeHrDocuments = (actor: Pick<Actor, "profileType">) =>
  HR_DOCUMENT_PROFILES.includes(actor.profileType);

/** What part of the library an actor may see, as a filter the repositories turn into SQL. */
export type DocumentScope =
  | { kind: "all"; hr: boolean }
  | { kind: "client"; clientId: string }
  | { kind: "auditor"; auditorId: string }
  | { kind: "none" };

export function documentScope(actor: Actor): DocumentScope {
  if (actor.profileType === "MYQUALIANOR")
    return actor.clientId ? { kind: "client", clientId: actor.clientId } : { kind: "none" };
  if (actor.profileType === "AUDITEUR")
    return actor.auditorId ? { kind: "auditor", auditorId: actor.auditorId } : { kind: "none" };
  return { kind: "all", hr: canSeeHrDocuments(actor) };
}

/**
 * A client user sees their client's documents; an evaluator their own file (and, later, their
 * missions'); staff everything but the RH family, kept to HR_DOCUMENT_PROFILES.
 */
export function canSeeDocument(
  actor: Actor,
  doc: { family: string; clientId: string | null; auditorId: string | null },
) {
  const scope = documentScope(actor);
  if (scope.kind === "all") return scope.hr || doc.family !== "RH";
  if (scope.kind === "client") return doc.family === "CLIENT" && doc.clientId === scope.clientId;
  if (scope.kind === "auditor") return doc.family === "AUDITOR" && doc.auditorId === scope.auditorId;
  return false;
}

export function authorizeDocumentRecord(actor: Actor, doc: Parameters<typeof canSeeDocument>[1]): void {
  if (!canSeeDocument(actor, doc)) throw notFound("Document introuvable.");
}
