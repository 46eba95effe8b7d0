import type { Actor } from "../../lib/actor.js";
import {
  abilities as abilitiesOf,
  allow,
  authorize as authorizeOn,
  defineResource,
  granted,
  inScope,
  isStaff,
  recordScope,
} from "../../lib/policy.js";

/**
 * An evaluator's file. The route has already checked the grant (MISSION read, AUDITOR write).
 * - staff see every file; an evaluator only their own; a client user none (404);
 * - the staff with AUDITOR update edit everything; an evaluator edits their contact details and
 *   declares their own links, unavailability and documents, never their status, fees or competences.
 */
export const auditorResource = defineResource<{ id: string }>()({
  name: "auditor",
  actions: ["read", "update", "updateStaffFields", "declare"],
  notFound: "Évaluateur introuvable.",
  scope: (actor, auditor) => inScope(recordScope(actor), { auditorId: auditor.id }),
});
allow(auditorResource, "read", () => true);
allow(auditorResource, "updateStaffFields", (actor) => isStaff(actor) && granted(actor, "AUDITOR", "update"));
allow(auditorResource, ["update", "declare"], (actor) => granted(actor, "AUDITOR", "update"));

export type AuditorAction = (typeof auditorResource.actions)[number];

export const authorize = (actor: Actor, action: AuditorAction, record: { id: string }) =>
  authorizeOn(actor, action, auditorResource, record);

/** What the screens may offer on this file. */
export const abilities = (actor: Actor, record: { id: string }) => {
  const { update, updateStaffFields, declare } = abilitiesOf(actor, auditorResource, record);
  return { update, updateStaffFields, declare };
};
