import { z } from "zod";
import { PROFILE_TYPES } from "../profiles.js";
import { permissionGrantSchema } from "./auth.js";
import { versionSchema } from "./common.js";

export const profileSchema = z.object({
  profileType: z.enum(PROFILE_TYPES),
  label: z.string(),
  permissions: z.array(permissionGrantSchema),
  userCount: z.number().int(),
  version: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfilePermissionsBodySchema = z.object({
  permissions: z.array(permissionGrantSchema).min(1),
  version: versionSchema,
});
