CREATE INDEX "documents_list_family_updated_idx" ON "documents" USING btree ("family","updated_at" DESC NULLS FIRST,"id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
-- The library searched in its default order: a page walks this index and checks each document's search text
-- until it has its 50 rows ("rapport" on the scale base: 703 documents passed over for 50). Carried in the
-- index, the text is read there, not in each document's row, which holds its kept list_row (migration 0050).
-- Same name and keys as the schema declares (drizzle cannot declare INCLUDE; see 0045).
DROP INDEX IF EXISTS "documents_list_updated_idx";
--> statement-breakpoint
CREATE INDEX "documents_list_updated_idx" ON "documents" USING btree ("updated_at" DESC NULLS FIRST, "id") INCLUDE ("search_text") WHERE "deleted_at" IS NULL;
