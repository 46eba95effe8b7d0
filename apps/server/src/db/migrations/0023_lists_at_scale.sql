-- Trigram indexes for the lists' searches: pg_trgm ships with PostgreSQL; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log_counts" (
	"entity_type" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_log_counts_key" UNIQUE NULLS NOT DISTINCT("entity_type","action","actor_id")
);
--> statement-breakpoint
CREATE TABLE "request_tab_counts" (
	"list_tab" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_occurred_idx";--> statement-breakpoint
ALTER TABLE "gestionnaires" ADD COLUMN "legal_entity_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gestionnaires" ADD COLUMN "establishment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gestionnaires" ADD COLUMN "client_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gestionnaires" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate("raison_social", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate(coalesce("city", ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || coalesce("siren", ''))) STORED;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate("name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate("file_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate(coalesce("description", ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'))) STORED;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate("subject", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || "to"::text)) STORED;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(replace(replace(replace(replace(translate("summary", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate("actor_label", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'))) STORED;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "establishment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "first_postal_code" text;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "first_city" text;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "display_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "list_tab" text GENERATED ALWAYS AS (case when "archived_at" is not null then 'ARCHIVE' when "status" in ('SIGNED', 'REFUSE') then "status" else 'OPEN' end) STORED;--> statement-breakpoint
CREATE INDEX "gestionnaires_list_name_idx" ON "gestionnaires" USING btree (lower(replace(replace(replace(replace(translate("raison_social", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"id");--> statement-breakpoint
CREATE INDEX "gestionnaires_search_idx" ON "gestionnaires" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_list_updated_idx" ON "documents" USING btree ("updated_at" DESC NULLS FIRST,"id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_name_idx" ON "documents" USING btree ("name","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_size_idx" ON "documents" USING btree ("size","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_type_asc_idx" ON "documents" USING btree ("document_type","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_list_type_desc_idx" ON "documents" USING btree ("document_type" DESC NULLS FIRST,"id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_list_created_idx" ON "mail_outbox" USING btree ("created_at","id") WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_subject_asc_idx" ON "mail_outbox" USING btree ("subject","id" DESC NULLS FIRST) WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_subject_desc_idx" ON "mail_outbox" USING btree ("subject","id") WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_status_asc_idx" ON "mail_outbox" USING btree ("status","id" DESC NULLS FIRST) WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_status_desc_idx" ON "mail_outbox" USING btree ("status","id") WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_sent_asc_idx" ON "mail_outbox" USING btree ("sent_at","id" DESC NULLS FIRST) WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_list_sent_desc_idx" ON "mail_outbox" USING btree ("sent_at","id") WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_search_idx" ON "mail_outbox" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_actor_label_idx" ON "audit_log" USING btree ("actor_label","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_type_idx" ON "audit_log" USING btree ("entity_type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id","occurred_at","id") WHERE "audit_log"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_search_idx" ON "audit_log" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_clients_contact_idx" ON "request_clients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "request_clients_list_received_idx" ON "request_clients" USING btree ("list_tab","received_at","reference");--> statement-breakpoint
CREATE INDEX "request_clients_list_reference_idx" ON "request_clients" USING btree ("list_tab","reference");--> statement-breakpoint
CREATE INDEX "request_clients_list_name_idx" ON "request_clients" USING btree ("list_tab",lower(replace(replace(replace(replace(translate("display_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"reference");--> statement-breakpoint
CREATE INDEX "request_clients_list_contact_idx" ON "request_clients" USING btree ("list_tab",lower(replace(replace(replace(replace(translate("contact_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"reference");--> statement-breakpoint
CREATE INDEX "request_clients_list_postal_asc_idx" ON "request_clients" USING btree ("list_tab","first_postal_code","reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_postal_desc_idx" ON "request_clients" USING btree ("list_tab","first_postal_code" DESC NULLS LAST,"reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_service_asc_idx" ON "request_clients" USING btree ("list_tab","service","reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_service_desc_idx" ON "request_clients" USING btree ("list_tab","service" DESC NULLS FIRST,"reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_status_asc_idx" ON "request_clients" USING btree ("list_tab","status","reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_status_desc_idx" ON "request_clients" USING btree ("list_tab","status" DESC NULLS FIRST,"reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_relance_asc_idx" ON "request_clients" USING btree ("list_tab","date_relance","reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_list_relance_desc_idx" ON "request_clients" USING btree ("list_tab","date_relance" DESC NULLS LAST,"reference" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_clients_search_idx" ON "request_clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_occurred_idx" ON "audit_log" USING btree ("occurred_at","id");--> statement-breakpoint
-- The journal's counts per element, action and author, kept in the statement that writes the journal (the
-- services' writeAudit, the demo, the scale seed's INSERT … SELECT of 100,000 rows, a restore): one grouped
-- upsert per statement. The journal is append-only; deletes, updates and TRUNCATE (a restore) are counted
-- too, so the total stays exact whatever writes it.
CREATE FUNCTION audit_log_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_log_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE audit_log_counts c SET n = c.n - o.n
    FROM (SELECT entity_type, action, actor_id, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.entity_type = o.entity_type AND c.action = o.action AND c.actor_id IS NOT DISTINCT FROM o.actor_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- In key order: two transactions upserting the same keys lock them in the same order.
    INSERT INTO audit_log_counts AS c (entity_type, action, actor_id, n)
    SELECT entity_type, action, actor_id, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (entity_type, action, actor_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO audit_log_counts (entity_type, action, actor_id, n)
SELECT entity_type, action, actor_id, count(*) FROM audit_log GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_update AFTER UPDATE ON audit_log
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
-- The prospect list's derived columns (request_clients), kept in the statement that changes what they are
-- derived from: the request's establishments, their names and places, the legal entity's name, the contact's
-- names. Statement-level triggers with transition tables, one set-based update per statement.
CREATE FUNCTION list_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- The same folding as lib/search-text.ts (foldedSql): French accents and the œ, æ ligatures.
  SELECT replace(replace(replace(replace(translate(t, 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')
$$;
--> statement-breakpoint
CREATE FUNCTION request_clients_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE request_clients r
  SET establishment_count = d.n, first_postal_code = d.postal_code, first_city = d.city,
      display_name = d.display_name, contact_name = d.contact_name, search_text = d.search_text
  FROM (
    SELECT q.id, e.n, f.postal_code, f.city,
      CASE WHEN e.n = 1 THEN f.raison_social ELSE le.raison_social END AS display_name,
      trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, '')) AS contact_name,
      -- Folded, lowered, space-separated: see matchEveryWordIn (lib/search-text.ts). The reference, FINESS and
      -- postal code are not folded, as the list searched them before.
      lower(concat_ws(' ', q.reference, list_fold(le.raison_social),
        list_fold(trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, ''))), e.search_text)) AS search_text
    FROM request_clients q
    JOIN legal_entities le ON le.id = q.legal_entity_id
    LEFT JOIN contacts ct ON ct.id = q.contact_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n,
        string_agg(concat_ws(' ', list_fold(c.raison_social), list_fold(coalesce(c.city, '')), c.finess, c.postal_code), ' '
          ORDER BY c.raison_social, c.id) AS search_text
      FROM request_establishments re JOIN clients c ON c.id = re.client_id WHERE re.request_id = q.id
    ) e
    LEFT JOIN LATERAL (
      SELECT c.raison_social, c.postal_code, c.city
      FROM request_establishments re JOIN clients c ON c.id = re.client_id WHERE re.request_id = q.id
      ORDER BY c.raison_social, c.id LIMIT 1
    ) f ON true
    WHERE q.id = ANY(ids)
  ) d
  WHERE r.id = d.id
    AND (r.establishment_count, r.first_postal_code, r.first_city, r.display_name, r.contact_name, r.search_text)
        IS DISTINCT FROM (d.n, d.postal_code, d.city, d.display_name, d.contact_name, d.search_text);
END $$;
--> statement-breakpoint
CREATE FUNCTION request_establishments_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_clients_refresh(array(SELECT DISTINCT request_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_clients_refresh(array(SELECT DISTINCT request_id FROM old_rows));
  ELSE
    PERFORM request_clients_refresh(array(SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_establishments_list_insert AFTER INSERT ON request_establishments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_establishments_listed();
--> statement-breakpoint
CREATE TRIGGER request_establishments_list_delete AFTER DELETE ON request_establishments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_establishments_listed();
--> statement-breakpoint
CREATE TRIGGER request_establishments_list_update AFTER UPDATE ON request_establishments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_establishments_listed();
--> statement-breakpoint
CREATE FUNCTION request_clients_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_clients_refresh(array(SELECT id FROM new_rows));
  ELSE
    -- The refresh's own update changes none of these columns: it ends there.
    PERFORM request_clients_refresh(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.reference, n.legal_entity_id, n.contact_id) IS DISTINCT FROM (o.reference, o.legal_entity_id, o.contact_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_clients_list_insert AFTER INSERT ON request_clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_clients_listed();
--> statement-breakpoint
CREATE TRIGGER request_clients_list_update AFTER UPDATE ON request_clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_clients_listed();
--> statement-breakpoint
CREATE FUNCTION clients_listed_in_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_refresh(array(
    SELECT DISTINCT re.request_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN request_establishments re ON re.client_id = n.id
    WHERE (n.raison_social, n.postal_code, n.city, n.finess) IS DISTINCT FROM (o.raison_social, o.postal_code, o.city, o.finess)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_requests_list_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_listed_in_requests();
--> statement-breakpoint
CREATE FUNCTION legal_entities_listed_in_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_refresh(array(
    SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN request_clients r ON r.legal_entity_id = n.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER legal_entities_requests_list_update AFTER UPDATE ON legal_entities
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_listed_in_requests();
--> statement-breakpoint
CREATE FUNCTION contacts_listed_in_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_refresh(array(
    SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN request_clients r ON r.contact_id = n.id
    WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_requests_list_update AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_listed_in_requests();
--> statement-breakpoint
SELECT request_clients_refresh(array(SELECT id FROM request_clients));
--> statement-breakpoint
-- The gestionnaire list's counts (gestionnaires): legal entities, establishments and clients under each
-- managing organisation, kept in the statement that adds, removes or moves a legal entity or an establishment
-- (or makes it a client). The list computed three counting subqueries per row before.
CREATE FUNCTION gestionnaires_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE gestionnaires g
  SET legal_entity_count = d.entities, establishment_count = d.establishments, client_count = d.clients
  FROM (
    SELECT x.id,
      (SELECT count(*)::int FROM legal_entities le WHERE le.gestionnaire_id = x.id) AS entities,
      coalesce(e.establishments, 0) AS establishments, coalesce(e.clients, 0) AS clients
    FROM unnest(ids) AS x(id)
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS establishments, (count(*) FILTER (WHERE c.client_since IS NOT NULL))::int AS clients
      FROM legal_entities le JOIN clients c ON c.legal_entity_id = le.id WHERE le.gestionnaire_id = x.id
    ) e ON true
  ) d
  WHERE g.id = d.id
    AND (g.legal_entity_count, g.establishment_count, g.client_count) IS DISTINCT FROM (d.entities, d.establishments, d.clients);
END $$;
--> statement-breakpoint
CREATE FUNCTION legal_entities_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM gestionnaires_refresh(array(SELECT DISTINCT gestionnaire_id FROM new_rows WHERE gestionnaire_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM gestionnaires_refresh(array(SELECT DISTINCT gestionnaire_id FROM old_rows WHERE gestionnaire_id IS NOT NULL));
  ELSE
    PERFORM gestionnaires_refresh(array(
      SELECT n.gestionnaire_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.gestionnaire_id IS DISTINCT FROM o.gestionnaire_id AND n.gestionnaire_id IS NOT NULL
      UNION SELECT o.gestionnaire_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.gestionnaire_id IS DISTINCT FROM o.gestionnaire_id AND o.gestionnaire_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER legal_entities_count_insert AFTER INSERT ON legal_entities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_counted();
--> statement-breakpoint
CREATE TRIGGER legal_entities_count_delete AFTER DELETE ON legal_entities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_counted();
--> statement-breakpoint
CREATE TRIGGER legal_entities_count_update AFTER UPDATE ON legal_entities
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_counted();
--> statement-breakpoint
CREATE FUNCTION clients_counted_in_gestionnaires() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM gestionnaires_refresh(array(
      SELECT DISTINCT le.gestionnaire_id FROM new_rows n JOIN legal_entities le ON le.id = n.legal_entity_id
      WHERE le.gestionnaire_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM gestionnaires_refresh(array(
      SELECT DISTINCT le.gestionnaire_id FROM old_rows o JOIN legal_entities le ON le.id = o.legal_entity_id
      WHERE le.gestionnaire_id IS NOT NULL));
  ELSE
    -- Only a move to another legal entity or a change of client_since's presence changes a count (the list's
    -- own derived updates of clients change neither: they end here).
    PERFORM gestionnaires_refresh(array(
      SELECT le.gestionnaire_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN legal_entities le ON le.id IN (n.legal_entity_id, o.legal_entity_id)
      WHERE le.gestionnaire_id IS NOT NULL
        AND (n.legal_entity_id IS DISTINCT FROM o.legal_entity_id OR (n.client_since IS NULL) <> (o.client_since IS NULL))
      GROUP BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_count_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counted_in_gestionnaires();
--> statement-breakpoint
CREATE TRIGGER clients_count_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counted_in_gestionnaires();
--> statement-breakpoint
CREATE TRIGGER clients_count_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counted_in_gestionnaires();
--> statement-breakpoint
SELECT gestionnaires_refresh(array(SELECT id FROM gestionnaires));
--> statement-breakpoint
-- The prospect list's totals per tab, kept in the statement that adds, removes or moves a request between
-- tabs (a status change, an archiving); the derived columns' own updates move none. TRUNCATE (a restore)
-- empties them.
CREATE FUNCTION request_tab_counts_add(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In key order: two transactions moving requests lock the same counts in the same order.
  INSERT INTO request_tab_counts AS c (list_tab, n)
  SELECT key, value::bigint FROM jsonb_each_text(deltas) WHERE value::bigint <> 0 ORDER BY key
  ON CONFLICT (list_tab) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION request_clients_count_tabs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM request_tab_counts;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM request_tab_counts_add((SELECT jsonb_object_agg(list_tab, n) FROM
      (SELECT list_tab, count(*) AS n FROM new_rows GROUP BY 1) d));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_tab_counts_add((SELECT jsonb_object_agg(list_tab, -n) FROM
      (SELECT list_tab, count(*) AS n FROM old_rows GROUP BY 1) d));
  ELSE
    PERFORM request_tab_counts_add((SELECT jsonb_object_agg(tab, n) FROM (
      SELECT tab, sum(delta) AS n FROM (
        SELECT n.list_tab AS tab, 1 AS delta FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.list_tab <> o.list_tab
        UNION ALL
        SELECT o.list_tab, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.list_tab <> o.list_tab
      ) m GROUP BY tab) d));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO request_tab_counts (list_tab, n) SELECT list_tab, count(*) FROM request_clients GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER request_clients_tabs_insert AFTER INSERT ON request_clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_clients_count_tabs();
--> statement-breakpoint
CREATE TRIGGER request_clients_tabs_delete AFTER DELETE ON request_clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_clients_count_tabs();
--> statement-breakpoint
CREATE TRIGGER request_clients_tabs_update AFTER UPDATE ON request_clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_clients_count_tabs();
--> statement-breakpoint
CREATE TRIGGER request_clients_tabs_truncate AFTER TRUNCATE ON request_clients
  FOR EACH STATEMENT EXECUTE FUNCTION request_clients_count_tabs();
