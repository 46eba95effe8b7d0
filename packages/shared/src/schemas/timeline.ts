import { z } from "zod";
import { typeError } from "../text.js";

const TIMELINE_KINDS = [
  "COMMENT",
  "FOLLOW_UP",
  "FOLLOW_UP_CLEARED",
  "CREATION",
  "STATUS",
  "CHANGE",
  "MAIL",
  "DOCUMENT",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

const timelineItemSchema = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  occurredAt: z.string(),
  authorLabel: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  followUpDate: z.string().nullable(),
  mail: z.object({ subject: z.string(), to: z.array(z.string()), status: z.string() }).nullable(),
  document: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const timelineSchema = z.object({
  items: z.array(timelineItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The current follow-up date; the comment button turns 'warning' once it is past. */
  dateRelance: z.string().nullable(),
});
export type Timeline = z.infer<typeof timelineSchema>;

export const addCommentBodySchema = z.object({
  text: z
    .string({ error: typeError("Le commentaire est vide.") })
    .trim()
    .min(1, "Le commentaire est vide.")
    .max(4000, "4 000 caractères au plus."),
});
export const followUpBodySchema = z.object({
  dateRelance: z.iso.date({ error: "Date de relance invalide." }).nullable(),
  comment: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => v || null),
});
export type FollowUpBody = z.input<typeof followUpBodySchema>;
