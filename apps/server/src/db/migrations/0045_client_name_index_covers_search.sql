-- The client list's default order (name) searched: a page walks the name's index and checks each
-- establishment's search text until it has its 50 rows ("ehpad": 1,162 establishments passed over for 50).
-- Carried in the index, the text is read there, not in the 10,000 rows (each ~1 kB with its list_row): the
-- page's SQL falls from 1.6 to 0.45 ms (docs/performance.md, 28 novembre, fin de matinée). Same name and
-- keys as the schema declares (drizzle cannot declare INCLUDE).
DROP INDEX IF EXISTS "clients_list_name_key_idx";
--> statement-breakpoint
CREATE INDEX "clients_list_name_key_idx" ON "clients" USING btree ("list_name_key", "id") INCLUDE ("search_text") WHERE "client_since" IS NOT NULL;
