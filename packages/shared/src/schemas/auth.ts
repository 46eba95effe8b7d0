import { z } from "zod";
import { OPERATIONS, PERMISSION_CODES } from "../permissions.js";
import { PROFILE_TYPES } from "../profiles.js";
import { ANY_CONTROL_CHARACTER, typeError } from "../text.js";

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

/**
 * What the user may do beyond their profile's grants, decided by the server's policies (the web hides
 * what they exclude instead of copying the rules): `readHrDocuments`, the library's RH family;
 * `manageBackups`, Settings › Sauvegardes.
 */
const sessionAbilitiesSchema = z.object({ readHrDocuments: z.boolean(), manageBackups: z.boolean() });

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
  abilities: sessionAbilitiesSchema,
  /** Signed in with a provisional password: every call but choosing one's own is refused until then. */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, "Le mot de passe actuel est obligatoire."),
  newPassword: z.string(),
});

/**
 * Password rule shown in every password form (ANSSI / NIST SP 800-63B): a length, no composition
 * rules. The server adds a list of common passwords and the user's own names (lib/password-policy.ts).
 */
const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_RULE =
  "Au moins 12 caractères. Une phrase de passe de plusieurs mots est plus facile à retenir et plus sûre ; " +
  "les mots de passe courants (motdepasse2026, azertyuiop…) ou formés de votre nom sont refusés.";

export const passwordSchema = z
  .string({ error: typeError("Le mot de passe est obligatoire.") })
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  .max(200, "Le mot de passe ne peut pas dépasser 200 caractères.")
  .refine((v) => !ANY_CONTROL_CHARACTER.test(v), "Le mot de passe ne doit pas contenir de caractères de contrôle.")
  .refine((v) => new Set(v).size >= 5, "Ce mot de passe est trop répétitif : variez les caractères.");
