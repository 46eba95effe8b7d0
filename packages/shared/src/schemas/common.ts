import { z } from "zod";
import { searchTextSchema, typeError } from "../text.js";

export const idSchema = z.uuid({ error: "Identifiant invalide." });
export const versionSchema = z
  .number({ error: typeError("La version est obligatoire.") })
  .int()
  .min(1);

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  search: searchTextSchema.optional(),
});

export function pageResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const okSchema = z.object({ ok: z.literal(true) });

/** Params of every route on one record: `/…/:id`. */
export const idParamsSchema = z.object({ id: idSchema });

/** What a create or update answers: the record's id and its new version (the next update sends it). */
export const savedResultSchema = z.object({ id: z.string(), version: z.number().int() });
export type SavedResult = z.infer<typeof savedResultSchema>;

/** A legal entity named in another record (a contract, a request). */
export const legalEntitySummarySchema = z.object({ id: z.string(), raisonSocial: z.string() });

/** The main contact shown in a list row (client list, prospect list). */
export const contactSummarySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  occupation: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});
