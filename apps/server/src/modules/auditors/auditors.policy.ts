import { isStaffProfile } from "@certidesk/shared";
import type { Actor } from "../../lib/actor.js";
import { can as hasGrant } from "../../lib/authorization.js";
import { forbidden, notFound } from "../../lib/errors.js";

/**
 * Record scope of an evaluator's file, in the shape of lib/policy (can / authorize: hidden → 404,
 * not allowed → 403). The route has already checked the grant (MISSION read, AUDITOR write).
 * - staff see every file; an evaluator only their own; a client user none;
 * - the staff with AUDITOR update edit everything; an evaluator edits their contact details and
 *   declares their own links, unavailability and documents, never their status, fees or competences.
 */
export type AuditorAction = "read" | "update" | "updateStaffFields" | "declare";
const NOT_FOUND = "Évaluateur introuvable.";

export const auditorVisible = (actor: Actor, auditorId: string) =>
  isStaffProfile(actor.profileType) || (actor.profileType === "AUDITEUR" && actor.auditorId === auditorId);

export function can(actor: Actor, action: AuditorAction, record: { id: string }): boolean {
  if (!auditorVisible(actor, record.id)) return false;
  const staff = isStaffProfile(actor.profileType);
  switch (action) {
    case "read":
      return true;
    case "updateStaffFields":
      return staff && hasGrant(actor, "AUDITOR", "update");
    case "update":
    case "declare":
      return hasGrant(actor, "AUDITOR", "update");
  }
}

export function authorize(actor: Actor, action: AuditorAction, record: { id: string }): void {
  if (!auditorVisible(actor, record.id)) throw notFound(NOT_FOUND);
  if (!can(actor, action, record)) throw forbidden();
}

/** What the screens may offer on this file. */
export const abilities = (actor: Actor, record: { id: string }) => ({
  update: can(actor, "update", record),
  updateStaffFields: can(actor, "updateStaffFields", record),
  declare: can(actor, "declare", record),
});
