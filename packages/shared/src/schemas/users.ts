import { z } from "zod";
import { PROFILE_TYPES } from "../profiles.js";
import { typeError } from "../text.js";
import { passwordSchema } from "./auth.js";
import { idSchema, pageQuerySchema, versionSchema } from "./common.js";

const identifierSchema = z
  .string({ error: typeError("L'identifiant est obligatoire.") })
  .trim()
  .toLowerCase()
  .min(3, "L'identifiant doit contenir au moins 3 caractères.")
  .max(120, "L'identifiant ne peut pas dépasser 120 caractères.")
  .regex(/^[a-z0-9._@+-]+$/, "L'identifiant ne peut contenir que des lettres, chiffres, points, tirets, + et @.");

const userFields = {
  firstName: z
    .string({ error: typeError("Le prénom est obligatoire.") })
    .trim()
    .min(1, "Le prénom est obligatoire.")
    .max(100),
  lastName: z
    .string({ error: typeError("Le nom est obligatoire.") })
    .trim()
    .min(1, "Le nom est obligatoire.")
    .max(100),
  email: z.union([z.literal(""), z.email("Adresse e-mail invalide.")]).transform((v) => v || null),
  profileType: z.enum(PROFILE_TYPES, { error: "Profil inconnu." }),
  auditorId: idSchema.nullable().default(null),
  clientId: idSchema.nullable().default(null),
};

/** The password given at creation is provisional: the user must choose their own at the first sign-in. */
export const createUserBodySchema = z.object({ identifier: identifierSchema, password: passwordSchema, ...userFields });
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({ ...userFields, version: versionSchema });
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** A one-time password made by the server, shown once to the administrator, changed at the next sign-in. */
export const temporaryPasswordResultSchema = z.object({ temporaryPassword: z.string() });
export type TemporaryPasswordResult = z.infer<typeof temporaryPasswordResultSchema>;
export const setActiveBodySchema = z.object({ active: z.boolean(), version: versionSchema });

export const listUsersQuerySchema = pageQuerySchema.extend({
  profileType: z.enum(PROFILE_TYPES).optional(),
  status: z.enum(["active", "inactive", "all"]).default("all"),
  sort: z.enum(["identifier", "lastName", "profileType", "lastLoginAt", "createdAt"]).default("lastName"),
  direction: z.enum(["asc", "desc"]).default("asc"),
});

export const userRowSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  profileType: z.enum(PROFILE_TYPES),
  active: z.boolean(),
  /** Signs in with a provisional password and must choose their own first. */
  mustChangePassword: z.boolean(),
  auditorId: z.string().nullable(),
  auditorName: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const linkOptionSchema = z.object({ value: z.string(), label: z.string() });
export type LinkOption = z.infer<typeof linkOptionSchema>;
