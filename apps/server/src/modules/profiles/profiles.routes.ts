import { PROFILE_TYPES, profileSchema, updateProfilePermissionsBodySchema } from "@certidesk/shared";
import { z } from "zod";
import type { AppInstance } from "../../app-instance.js";
import { requireActor } from "../../plugins/auth.js";
import type { ProfilesService } from "./profiles.service.js";

const tags = ["profils"];

export function profilesRoutes(app: AppInstance, { profiles }: { profiles: ProfilesService }) {
  app.get(
    "/api/profiles",
    {
      config: { access: { code: "SETTING", op: "read" } },
      schema: { tags, summary: "Profils et droits", response: { 200: z.array(profileSchema) } },
    },
    async () => profiles.list(),
  );

  app.put(
    "/api/profiles/:profileType/permissions",
    {
      config: { access: { code: "ADMIN", op: "update" } },
      schema: {
        tags,
        summary: "Modifier les droits d'un profil",
        params: z.object({ profileType: z.enum(PROFILE_TYPES, { error: "Profil inconnu." }) }),
        body: updateProfilePermissionsBodySchema,
        response: { 200: z.object({ profileType: z.enum(PROFILE_TYPES), version: z.number().int() }) },
      },
    },
    async (request) =>
      profiles.updatePermissions(requireActor(request), request.params.profileType, request.body, request.id),
  );
}
