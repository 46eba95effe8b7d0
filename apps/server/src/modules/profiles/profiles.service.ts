import {
  grantableCodes,
  grantsWithin,
  hasPermission,
  OPERATION_LABELS,
  OPERATIONS,
  PERMISSION_LABELS,
  type PermissionGrant,
  PROFILE_LABELS,
  type ProfileType,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { profiles } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest, forbidden } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./profiles.repository.js";

export interface ProfilesServiceDeps {
  db: Database;
  clock?: Clock;
  /** After a profile's grants changed (committed): the sessions kept in memory must be read again. */
  onGrantsChanged?: () => void;
}

/** The first flag of `grants` the administrator does not hold, as "Code : opération". */
function firstRightNotHeld(grants: readonly PermissionGrant[], held: readonly PermissionGrant[]): string | null {
  for (const g of grants)
    for (const op of OPERATIONS)
      if (g.operation[op] && !hasPermission(held, g.code, op))
        return `${PERMISSION_LABELS[g.code]} : ${OPERATION_LABELS[op].toLowerCase()}`;
  return null;
}

/**
 * Who may change a profile's rights (ADMIN update being checked by the route): not on their own
 * profile, not on a profile holding rights they lack, never granting a right they lack, never a staff
 * code to the evaluators' or client users' profiles (it would open nothing, and says the wrong thing).
 */
function assertMayEdit(actor: Actor, profileType: ProfileType, current: PermissionGrant[], next: PermissionGrant[]) {
  if (profileType === actor.profileType)
    throw forbidden("Vous ne pouvez pas modifier les droits de votre propre profil.");
  if (!grantsWithin(current, actor.grants)) {
    throw forbidden(
      `Le profil ${PROFILE_LABELS[profileType]} a des droits que vous n'avez pas : vous ne pouvez pas le modifier.`,
    );
  }
  const notHeld = firstRightNotHeld(next, actor.grants);
  if (notHeld) throw forbidden(`Vous ne pouvez pas accorder un droit que vous n'avez pas (${notHeld}).`);
  const grantable = grantableCodes(profileType);
  const staffCode = next.find((g) => !grantable.includes(g.code) && OPERATIONS.some((op) => g.operation[op]));
  if (staffCode) {
    throw badRequest(
      `Le droit « ${PERMISSION_LABELS[staffCode.code]} » ne s'accorde pas au profil ${PROFILE_LABELS[profileType]} : il ouvre des données internes.`,
    );
  }
}

export function createProfilesService({ db, clock = systemClock, onGrantsChanged }: ProfilesServiceDeps) {
  return {
    async list() {
      const all = await repo.loadAllProfiles(db);
      return all.map((p) => ({ ...p, label: PROFILE_LABELS[p.profileType] }));
    },

    async updatePermissions(
      actor: Actor,
      profileType: ProfileType,
      input: { permissions: PermissionGrant[]; version: number },
      requestId?: string,
    ) {
      const codes = input.permissions.map((p) => p.code);
      if (new Set(codes).size !== codes.length) throw badRequest("Un code de droit apparaît plusieurs fois.");
      // Direction administers the rights: it must keep them, or nobody could give them back.
      if (profileType === "DIR") {
        const setting = input.permissions.find((p) => p.code === "SETTING");
        const admin = input.permissions.find((p) => p.code === "ADMIN");
        if (!setting?.operation.read || !setting.operation.update || !OPERATIONS.every((op) => admin?.operation[op])) {
          throw badRequest(
            "Le profil Direction doit garder la lecture et la modification des paramètres et toute l'administration des comptes.",
          );
        }
      }
      const saved = await versionedUpdate({
        db,
        clock,
        table: profiles,
        key: profiles.profileType,
        id: profileType,
        version: input.version,
        actor,
        requestId,
        entityType: "profile",
        notFound: "Profil introuvable.",
        apply: async (tx) => {
          const current = await repo.loadGrants(tx, profileType);
          assertMayEdit(actor, profileType, current, input.permissions);
          return {
            values: {},
            summary: `Droits du profil ${PROFILE_LABELS[profileType]} modifiés`,
            changes: { from: current, to: input.permissions },
          };
        },
        after: (tx) => repo.replaceGrants(tx, profileType, input.permissions),
      });
      // Every server hears it from the database at commit; this one needs no wait for its own change.
      onGrantsChanged?.();
      return { profileType, version: saved.version };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
