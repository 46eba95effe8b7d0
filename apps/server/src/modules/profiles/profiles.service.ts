import { type PermissionGrant, PROFILE_LABELS, type ProfileType } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, staleVersion } from "../../lib/errors.js";
import * as repo from "./profiles.repository.js";

export function createProfilesService({ db }: { db: Database }) {
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
      return db.transaction(async (tx) => {
        const before = await repo.loadGrants(tx, profileType);
        if (!(await repo.bumpProfileVersion(tx, profileType, input.version))) throw staleVersion();
        await repo.replaceGrants(tx, profileType, input.permissions);
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "profile",
            entityId: profileType,
            summary: `Droits du profil ${PROFILE_LABELS[profileType]} modifiés`,
            changes: { from: before, to: input.permissions },
          },
          requestId,
        );
        return { profileType, version: input.version + 1 };
      });
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
