import { z } from "zod";
import { PROFILE_LABELS } from "../profiles.js";
import { typeError } from "../text.js";
import { idSchema, versionSchema } from "./common.js";

/**
 * The wall (`wall`, WALL): the body's internal news. A post is addressed to an audience: the whole
 * staff ("STAFF") and/or chosen profile types, evaluators included (they read it in their space).
 * Client users are never an audience: the wall is internal.
 */
export const WALL_AUDIENCES = [
  "STAFF",
  "DIR",
  "CC",
  "CMCC",
  "CMADMIN",
  "QSE",
  "RH",
  "CPI",
  "COMPTA",
  "AUDITEUR",
] as const;
export type WallAudience = (typeof WALL_AUDIENCES)[number];

export const WALL_AUDIENCE_LABELS: Record<WallAudience, string> = {
  STAFF: "Tout le personnel",
  DIR: PROFILE_LABELS.DIR,
  CC: PROFILE_LABELS.CC,
  CMCC: PROFILE_LABELS.CMCC,
  CMADMIN: PROFILE_LABELS.CMADMIN,
  QSE: PROFILE_LABELS.QSE,
  RH: PROFILE_LABELS.RH,
  CPI: PROFILE_LABELS.CPI,
  COMPTA: PROFILE_LABELS.COMPTA,
  AUDITEUR: "Évaluateurs",
};

const WALL_TEXT_MAX = 10_000;
const WALL_ATTACHMENTS_MAX = 10;

export const wallPostBodySchema = z.object({
  title: z
    .string({ error: typeError("Le titre doit être un texte.") })
    .trim()
    .max(200, "200 caractères au plus.")
    .nullish()
    .transform((v) => v || null),
  text: z
    .string({ error: typeError("Le message est vide.") })
    .trim()
    .min(1, "Le message est vide.")
    .max(WALL_TEXT_MAX, "10 000 caractères au plus."),
  audience: z
    .array(z.enum(WALL_AUDIENCES, { error: "Destinataire inconnu." }), {
      error: typeError("Choisissez au moins un destinataire."),
    })
    .min(1, "Choisissez au moins un destinataire.")
    .transform((list) => [...new Set(list)]),
  pinned: z.boolean({ error: typeError("Épinglé : OUI ou NON.") }).default(false),
  documentIds: z
    .array(idSchema)
    .max(WALL_ATTACHMENTS_MAX, `${WALL_ATTACHMENTS_MAX} pièces jointes au plus.`)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type WallPostBody = z.input<typeof wallPostBodySchema>;

export const wallPostUpdateSchema = wallPostBodySchema.extend({ version: versionSchema });
export type WallPostUpdate = z.input<typeof wallPostUpdateSchema>;

export const wallCommentBodySchema = z.object({
  text: z
    .string({ error: typeError("Le commentaire est vide.") })
    .trim()
    .min(1, "Le commentaire est vide.")
    .max(4000, "4 000 caractères au plus."),
});
export const wallCommentUpdateSchema = wallCommentBodySchema.extend({ version: versionSchema });

/** A delete names the version it saw: a post edited meanwhile answers 409, nothing is deleted. */
export const wallDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

export const wallListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const personSchema = z.object({ id: z.string().nullable(), label: z.string() });

const wallCommentSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  text: z.string(),
  author: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type WallComment = z.infer<typeof wallCommentSchema>;

const wallPostSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  pinned: z.boolean(),
  audience: z.array(z.enum(WALL_AUDIENCES)),
  author: personSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  /** Library documents, opened through short-lived signed links (the document cell). */
  attachments: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  comments: z.array(wallCommentSchema),
  /** "Lu par": who read it, oldest first. */
  readBy: z.array(z.object({ userId: z.string(), label: z.string(), readAt: z.string() })),
  readByMe: z.boolean(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), comment: z.boolean(), pin: z.boolean() }),
});
export type WallPost = z.infer<typeof wallPostSchema>;

export const wallPageSchema = z.object({
  items: z.array(wallPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the actor may write a post and pin one (the composer's fields follow it). */
  canCreate: z.boolean(),
  canPin: z.boolean(),
});
export type WallPage = z.infer<typeof wallPageSchema>;

export const wallUnreadSchema = z.object({ count: z.number().int() });
