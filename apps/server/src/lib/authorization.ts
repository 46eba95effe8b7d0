import { hasPermission, type PermissionCode, type Requirement } from "@certidesk/shared";
import type { Actor } from "./actor.js";

/**
 * Route-level access: each route declares the grant it needs, checked before validation by the
 * permissions plugin. Record-level decisions (scope, rights on one record, its state) are the
 * policies' (lib/policy.ts and modules/<x>/<x>.policy.ts).
 */
export type Access = "public" | "authenticated" | { code: PermissionCode; op: Requirement };

export function isAllowed(access: Access, actor: Actor | null): boolean {
  if (access === "public") return true;
  if (!actor) return false;
  if (access === "authenticated") return true;
  return hasPermission(actor.grants, access.code, access.op);
}
