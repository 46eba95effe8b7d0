-- A mail's search text also holds its establishment's name (folded and lower-cased: its list_name_key). The
-- list's search read the name from the establishment, joined to every mail a page walked: "devis" passed 146
-- mails for 50 and read the establishment of each, and every searched count joined the 10,000 establishments
-- (docs/performance.md, 29 novembre, fin de nuit). The text is kept with the mail's row (migration 0048): computed
-- by the same trigger at every write of the mail, and rewritten with the row when the establishment is renamed
-- (clients_mail_names, which rewrites the rows whose text changes: the row shows the name).
ALTER TABLE "mail_outbox" ALTER COLUMN "search_text" DROP EXPRESSION;
--> statement-breakpoint
CREATE FUNCTION mail_search_text(m mail_outbox) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(replace(replace(replace(replace(translate(m.subject, 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || m."to"::text)
    || coalesce(' ' || (SELECT c.list_name_key FROM clients c WHERE c.id = m.client_id), '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mail_outbox_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := mail_list_row(NEW);
  NEW.search_text := mail_search_text(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The default order's walk (newest first) reads each mail's text in the index, not in its row, which holds the
-- kept list_row. Same name and keys as the schema declares (drizzle cannot declare INCLUDE; see 0055).
DROP INDEX IF EXISTS "mail_outbox_list_created_idx";
--> statement-breakpoint
CREATE INDEX "mail_outbox_list_created_idx" ON "mail_outbox" USING btree ("created_at", "id") INCLUDE ("search_text") WHERE "mail_outbox"."deleted_at" is null;
--> statement-breakpoint
-- After the index: the update queues trigger events (the lists' versions) that an index built later in this
-- transaction would refuse.
UPDATE mail_outbox SET search_text = mail_search_text(mail_outbox);
