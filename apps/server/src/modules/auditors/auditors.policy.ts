import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Actor } from "../../lib/actor.js";
import {
  abilities as abilitiesOf,
  allow,
  authorize as authorizeOn,
  can as canOn,
  defineResource,
  granted,
  inScope,
  isStaff,
  recordScope,
  scopeWhere,
} from "../../lib/policy.js";

/**
 * An evaluator's file. Staff see every file, an evaluator only their own, a client user none
 * (404). Reading needs MISSION read (checked by the route); writing needs AUDITOR update: the staff
 * holding it (RH, Direction) edit everything, an evaluator edits their contact details and declares
 * their own links, unavailability and documents, never their status, competences or fees.
 */
export const auditorResource = defineResource<{ id: string }>()({
  name: "auditor",
  actions: ["read", "update", "updateStaffFields", "declare"],
  notFound: "Évaluateur introuvable.",
  scope: (actor, record) => inScope(recordScope(actor), { auditorId: record.id }),
});
allow(auditorResource, "read", (actor) => granted(actor, "MISSION", "read"));
allow(auditorResource, ["update", "declare"], (actor) => granted(actor, "AUDITOR", "update"));
allow(auditorResource, "updateStaffFields", (actor) => isStaff(actor) && granted(actor, "AUDITOR", "update"));

export type AuditorAction = (typeof auditorResource.actions)[number];
export const can = (actor: Actor, action: AuditorAction, record: { id: string }) =>
  canOn(actor, action, auditorResource, record);
export const authorize = (actor: Actor, action: AuditorAction, record: { id: string }) =>
  authorizeOn(actor, action, auditorResource, record);
/** What the screens may offer on this file. */
export const abilities = (actor: Actor, record: { id: string }) => abilitiesOf(actor, auditorResource, record);

/** The list's WHERE for the actor: every file, their own, or none. */
export const auditorListWhere = (actor: Actor, idColumn: AnyPgColumn): SQL | undefined =>
  scopeWhere(recordScope(actor), { auditorId: idColumn });
