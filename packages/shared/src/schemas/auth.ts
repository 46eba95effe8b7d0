import { z } from "zod";
import { OPERATIONS, PERMISSION_CODES } from "../permissions.js";
import { PROFILE_TYPES } from "../profiles.js";
import { typeError } from "../text.js";

export const loginBodySchema = z.object({
  identifier: z
    .string({ error: typeError("L'identifiant est obligatoire.") })
    .trim()
    .min(1, "L'identifiant est obligatoire.")
    .max(200),
  password: z
    .string({ error: typeError("Le mot de passe est obligatoire.") })
    .min(1, "Le mot de passe est obligatoire.")
    .max(500),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const permissionGrantSchema = z.object({
  code: z.enum(PERMISSION_CODES),
  operation: z.object(
    Object.fromEntries(OPERATIONS.map((op) => [op, z.boolean()])) as Record<(typeof OPERATIONS)[number], z.ZodBoolean>,
  ),
});

/** The stored current user (spec section 3): id and accessToken, plus what the screens need. */
export const currentUserSchema = z.object({
  id: z.string(),
  accessToken: z.string().optional(),
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profileType: z.enum(PROFILE_TYPES),
  permissions: z.array(permissionGrantSchema),
  auditorId: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "Le mot de passe actuel est obligatoire."),
  newPassword: z.string(),
});

/** Password rule: long enough to resist guessing; no composition rules beyond that (NIST 800-63B). */
export const passwordSchema = z
  .string({ error: typeError("Le mot de passe est obligatoire.") })
  .min(8, "Le mot de passe doit contenir au moins 8 caractères.")
  .max(200, "Le mot de passe ne peut pas dépasser 200 caractères.");
