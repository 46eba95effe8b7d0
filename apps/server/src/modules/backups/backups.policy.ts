import type { Actor } from "../../lib/actor.js";
import { allow, defineResource, granted } from "../../lib/policy.js";

/**
 * The backups (Settings › Sauvegardes): a whole copy of the base and its files, so the Direction's alone
 * for now, whatever rights the other profiles are given on SETTING. Outside it the backups do not exist
 * (404), as the HR documents outside DIR and RH.
 */
export const BACKUP_PROFILES: readonly string[] = ["DIR"];

export const canManageBackups = (actor: Pick<Actor, "profileType">) => BACKUP_PROFILES.includes(actor.profileType);

export const backupResource = defineResource<Record<string, never>>()({
  name: "backup",
  actions: ["read", "update"],
  notFound: "Sauvegarde introuvable.",
  scope: canManageBackups,
});
allow(backupResource, "read", (actor) => granted(actor, "SETTING", "read"));
allow(backupResource, "update", (actor) => granted(actor, "SETTING", "update"));
