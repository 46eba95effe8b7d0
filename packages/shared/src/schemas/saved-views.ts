import { z } from "zod";
import { PROFILE_TYPES } from "../profiles.js";
import { safeText, typeError } from "../text.js";
import { idSchema, versionSchema } from "./common.js";

/** Which list a view belongs to: the screen's key ("clients", "missions"…). */
export const savedViewListKeySchema = z
  .string({ error: typeError("Indiquez la liste de la vue.") })
  .regex(/^[a-z][a-z0-9-]{0,39}$/, "Liste inconnue.");

const columnKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,59}$/, "Colonne inconnue.");

/** What a view keeps: its name, the list's address query (filters, sort, search) and its columns in order. */
export const savedViewBodySchema = z.object({
  listKey: savedViewListKeySchema,
  name: safeText().trim().min(1, "Donnez un nom à la vue.").max(60, "Le nom d'une vue tient en 60 caractères au plus."),
  query: safeText()
    .max(2000, "Les filtres de cette vue sont trop longs pour être enregistrés.")
    .refine((v) => !v.startsWith("?"), "La requête s'écrit sans « ? ».")
    .default(""),
  /** Column keys in their order; null: the list's own columns. */
  columns: z
    .array(columnKeySchema)
    .min(1, "Gardez au moins une colonne.")
    .max(50)
    .refine((keys) => new Set(keys).size === keys.length, "Une colonne n'apparaît qu'une fois.")
    .nullable()
    .default(null),
  /** Shared read-only with the users of this profile (needs SETTING in modification). */
  sharedProfileType: z.enum(PROFILE_TYPES, { error: "Profil inconnu." }).nullable().default(null),
});
export type SavedViewBody = z.input<typeof savedViewBodySchema>;

export const updateSavedViewBodySchema = savedViewBodySchema.omit({ listKey: true }).extend({ version: versionSchema });
export type UpdateSavedViewBody = z.input<typeof updateSavedViewBodySchema>;

export const savedViewListQuerySchema = z.object({ list: savedViewListKeySchema });

export const deleteSavedViewQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

export const savedViewSchema = z.object({
  id: idSchema,
  listKey: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()).nullable(),
  sharedProfileType: z.enum(PROFILE_TYPES).nullable(),
  /** The owner's name, for a view shared by someone else. */
  ownerName: z.string(),
  /** Whether this user may rename, change or delete it (their own). */
  mine: z.boolean(),
  version: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
