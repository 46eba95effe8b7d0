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
