import {
  grantableCodes,
  hasPermission,
  isStaffProfile,
  type PermissionCode,
  type Requirement,
} from "@certidesk/shared";
import type { Actor } from "./actor.js";

/**
 * Route-level access: each route declares the grant it needs, checked before validation by the
 * permissions plugin. Record-level decisions (scope, rights on one record, its state) are the
 * policies' (lib/policy.ts and modules/<x>/<x>.policy.ts).
 *
 * `staff: true` reserves a route to the staff profiles although its code is one an evaluator or a client
 * user holds (the ranking of candidate evaluators reads MISSION like an evaluator's own missions do).
 */
export type Access = "public" | "authenticated" | { code: PermissionCode; op: Requirement; staff?: true };

export function isAllowed(access: Access, actor: Actor | null): boolean {
  if (access === "public") return true;
  if (!actor) return false;
  if (access === "authenticated") return true;
  // An evaluator or a client user passes only the codes their record scope bounds, whatever their grants
  // say: a staff code granted by mistake opens nothing (docs/permissions.md).
  if (!isStaffProfile(actor.profileType) && (access.staff || !grantableCodes(actor.profileType).includes(access.code)))
    return false;
  return hasPermission(actor.grants, access.code, access.op);
}
