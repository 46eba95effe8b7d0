import { type PermissionGrant, PROFILE_LABELS, type ProfileType } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import { profiles } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { badRequest } from "../../lib/errors.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import * as repo from "./profiles.repository.js";

export interface ProfilesServiceDeps {
  db: Database;
  clock?: Clock;
  /** After a profile's grants changed (committed): the sessions kept in memory must be read again. */
  onGrantsChanged?: () => void;
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
        if (!setting?.operation.read || !setting.operation.update) {
          throw badRequest("Le profil Direction doit garder la lecture et la modification des paramètres.");
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
        apply: async (tx) => ({
          values: {},
          summary: `Droits du profil ${PROFILE_LABELS[profileType]} modifiés`,
          changes: { from: await repo.loadGrants(tx, profileType), to: input.permissions },
        }),
        after: (tx) => repo.replaceGrants(tx, profileType, input.permissions),
      });
      // Every server hears it from the database at commit; this one needs no wait for its own change.
      onGrantsChanged?.();
      return { profileType, version: saved.version };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
