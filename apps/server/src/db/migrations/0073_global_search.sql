-- The global search (issue 40, modules/search): its settings, the dictionary its typo tolerance reads, and the
-- indexes that let it match numbers, SIRET and phone numbers whatever their separators.
CREATE TABLE "search_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"excluded_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results_per_kind" smallint DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Collation "C": the search reads it by ranges of bytes ("is this typed word the start of a known word?").
CREATE TABLE "search_words" (
	"word" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_idx" ON "search_words" USING btree ("word");
--> statement-breakpoint
-- The mission of a report, for clientMayReadReportSql (may a client user read this document?), asked once per
-- document of a client's that the library or the search reads: without these, each question read every mission.
CREATE INDEX "missions_preliminary_document_idx" ON "missions" USING btree ("preliminary_document_id") WHERE "missions"."preliminary_document_id" is not null;
--> statement-breakpoint
CREATE INDEX "missions_final_document_idx" ON "missions" USING btree ("final_document_id") WHERE "missions"."final_document_id" is not null;
--> statement-breakpoint
-- An evaluator's name, city and e-mail as the search reads them: folded and lowered once per row (the search
-- folded every evaluator at each search), indexed by trigrams.
ALTER TABLE "auditors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate("first_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate("last_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate(coalesce("city", ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate(coalesce("email", ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'))) STORED;
--> statement-breakpoint
CREATE INDEX "auditors_search_idx" ON "auditors" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- A number or an identifier as the search compares it: letters and digits only, lower-cased ("F-2026-0042" and
-- "f 2026 0042" are both "f20260042"). The search folds what is typed the same way (modules/search/query-words.ts).
CREATE FUNCTION search_compact(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(t, '[^A-Za-z0-9]+', '', 'g'))
$$;
--> statement-breakpoint
-- A phone number as the search compares it: its digits, "+33 6…" and "0033 6…" written "06…".
CREATE FUNCTION search_phone(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(regexp_replace(regexp_replace(coalesce(t, ''), '[^0-9+]+', '', 'g'), '^(\+|00)330?', '0'), '+', '')
$$;
--> statement-breakpoint
-- A contact's two numbers, apart: a typed number never matches across the two. Written out rather than calling
-- search_phone: an index expression is computed with the system's search path only (PostgreSQL 17, PGlite).
CREATE FUNCTION search_phones(tel text, mobile text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(regexp_replace(regexp_replace(coalesce(tel, ''), '[^0-9+]+', '', 'g'), '^(\+|00)330?', '0'), '+', '')
    || ' ' || replace(regexp_replace(regexp_replace(coalesce(mobile, ''), '[^0-9+]+', '', 'g'), '^(\+|00)330?', '0'), '+', '')
$$;
--> statement-breakpoint
CREATE INDEX "clients_siret_search_idx" ON "clients" USING gin (search_compact("siret") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contacts_phone_search_idx" ON "contacts" USING gin (search_phones("tel", "mobile_phone") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "request_clients_reference_search_idx" ON "request_clients" USING gin (search_compact("reference") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "quotes_number_search_idx" ON "quotes" USING gin (search_compact("number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contracts_number_search_idx" ON "contracts" USING gin (search_compact("number") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "invoices_number_search_idx" ON "invoices" USING gin (search_compact("number") gin_trgm_ops);
--> statement-breakpoint
-- The words a search text adds to the dictionary: runs of letters of five to forty letters (the text is already
-- folded and lower-cased). Ordered, so that two transactions adding words meet them in the same order.
CREATE FUNCTION search_words_of(texts text[]) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT w FROM unnest(texts) t, regexp_split_to_table(t, '[^a-z]+') w
  WHERE length(w) BETWEEN 5 AND 40
    AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w)
  ORDER BY w
$$;
--> statement-breakpoint
-- The searched texts that gain words: every search_text of the tables below, inserted or changed. The UPDATE
-- trigger reads only the rows whose text changed (most updates of these rows change something else).
CREATE FUNCTION search_words_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word) SELECT search_words_of(array(SELECT n.search_text FROM new_rows n));
  ELSE
    INSERT INTO search_words (word) SELECT search_words_of(array(
      SELECT n.search_text FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.search_text IS DISTINCT FROM o.search_text));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_words_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER clients_search_words_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER gestionnaires_search_words_insert AFTER INSERT ON gestionnaires
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER gestionnaires_search_words_update AFTER UPDATE ON gestionnaires
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER contacts_search_words_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER contacts_search_words_update AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER documents_search_words_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER documents_search_words_update AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_search_words_insert AFTER INSERT ON mail_outbox
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER mail_outbox_search_words_update AFTER UPDATE ON mail_outbox
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER auditors_search_words_insert AFTER INSERT ON auditors
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER auditors_search_words_update AFTER UPDATE ON auditors
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
-- The words already there (a few seconds on the scale base, once).
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT search_text AS t FROM clients WHERE search_text IS NOT NULL
  UNION ALL SELECT search_text FROM gestionnaires
  UNION ALL SELECT search_text FROM contacts
  UNION ALL SELECT search_text FROM documents
  UNION ALL SELECT search_text FROM mail_outbox WHERE search_text IS NOT NULL
  UNION ALL SELECT search_text FROM auditors
) s, regexp_split_to_table(s.t, '[^a-z]+') w
WHERE length(w) BETWEEN 5 AND 40
ORDER BY w;
