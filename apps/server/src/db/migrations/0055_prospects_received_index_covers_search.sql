-- The prospects searched in their default order (received, newest first): a frequent word's page walks each tab's
-- index and checks each request's search text until it has its rows ("tilleuls" on the scale base: 1,171 requests
-- passed over for 100, 1,300 pages read, 2 ms). Carried in the index with the id, the text is read there, not in
-- each request's row, which holds its kept list_row: 69 pages, 1 ms. Same name and keys as the schema declares
-- (drizzle cannot declare INCLUDE; see 0045 and 0051).
DROP INDEX IF EXISTS "request_clients_list_received_idx";
--> statement-breakpoint
CREATE INDEX "request_clients_list_received_idx" ON "request_clients" USING btree ("list_tab", "received_at", "reference") INCLUDE ("id", "search_text");
