-- A kept list row is read at every page; PostgreSQL compresses a row's largest values once the row passes
-- toast_tuple_target (about 2 kB by default), and a page then decompresses each of its rows. A request's row
-- averages 2 kB on the scale base (its establishments, contact, quote): 29,459 of 30,188 were compressed, read back
-- at 150 pages of buffers more and 0.3 ms of decompression a page of the prospect list; 512 multi-establishment
-- clients too (docs/performance.md). Compressed only past a full page (8,160 bytes, the most a target may be), the
-- rows stay as written. The rows compressed so far are written again, uncompressed.
ALTER TABLE "request_clients" SET (toast_tuple_target = 8160);
--> statement-breakpoint
ALTER TABLE "clients" SET (toast_tuple_target = 8160);
--> statement-breakpoint
UPDATE "request_clients" r SET list_row = prospect_list_row(r) WHERE pg_column_size(r.list_row) < octet_length(r.list_row);
--> statement-breakpoint
UPDATE "clients" c SET list_row = client_list_row(c) WHERE pg_column_size(c.list_row) < octet_length(c.list_row);
