import { z } from "zod";
import { idSchema, versionSchema } from "./common.js";

/** The most rows one bulk action touches: beyond, the user narrows the filter (one request stays short). */
export const BULK_MAX_ROWS = 500;

/** The version conflict's reason on a row of a bulk report (the single-row 409's wording, per row). */
export const BULK_STALE_REASON = "Modifiée par quelqu'un d'autre entre-temps : rouvrez la liste et recommencez.";

const bulkIdsSchema = z
  .array(z.object({ id: idSchema, version: versionSchema }), { error: "Choisissez au moins une ligne." })
  .min(1, "Choisissez au moins une ligne.")
  .max(BULK_MAX_ROWS, `Une action groupée porte sur ${BULK_MAX_ROWS} lignes au plus : réduisez la sélection.`);

/**
 * What a bulk action acts on: the rows ticked on screen (`ids`), each with the version the user saw (a row
 * changed meanwhile is reported, not overwritten), or every row matching the list's filter (`filter`, the
 * list's own query), read when the action runs. One of the two.
 */
export function bulkSelectionSchema<F extends z.ZodType>(filter: F) {
  return z
    .object({ ids: bulkIdsSchema.optional(), filter: filter.optional() })
    .strict()
    .refine((s) => (s.ids === undefined) !== (s.filter === undefined), {
      message: "Indiquez soit les lignes choisies (ids), soit le filtre de la liste (filter).",
      path: ["ids"],
    });
}
export type BulkIds = z.infer<typeof bulkIdsSchema>;
export type BulkSelection<F> = { ids?: BulkIds; filter?: F };

/** One row a bulk action could not act on, and why (French, for the report). */
export const bulkFailureSchema = z.object({ id: z.string(), label: z.string(), reason: z.string() });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

/** A bulk action's report: how many rows it acted on, and each row it did not. */
export const bulkResultSchema = z.object({ done: z.number().int(), failed: z.array(bulkFailureSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;
