-- The client list's search and its sorts on joined names read columns of clients (search_text,
-- list_contact_name, list_gestionnaire_name) kept by statement-level triggers in the statement that
-- changes one of their sources, like 0018's: a search was seven folded fields over four tables, OR-ed
-- across joins and folded row by row (0.3-0.8 s at 10,000 clients); it is now one LIKE per word on one
-- trigram-indexed column. pg_trgm is loaded by openDatabase on PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "list_contact_name" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "list_gestionnaire_name" text;
--> statement-breakpoint
-- lower() of the list's fold (lib/search-text.ts foldedSql): the same text as the sort expressions.
CREATE FUNCTION clients_list_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(replace(replace(replace(replace(translate(t, 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'))
$$;
--> statement-breakpoint
-- The fields the search reads, as the list searched them: raison sociale, city, the entity's and the
-- gestionnaire's raison sociale and the main contact's name folded; postal code and FINESS as they are
-- (the search never folded them); all lower-cased, as ILIKE compared them.
CREATE FUNCTION clients_set_list_text(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE clients cl
  SET search_text = v.search_text, list_contact_name = v.contact_name, list_gestionnaire_name = v.gestionnaire_name
  FROM (
    SELECT c.id, n.contact_name, clients_list_fold(g.raison_social) AS gestionnaire_name,
      concat_ws(' ', clients_list_fold(c.raison_social), clients_list_fold(c.city), lower(c.postal_code),
        lower(c.finess), clients_list_fold(le.raison_social), clients_list_fold(g.raison_social), n.contact_name
      ) AS search_text
    FROM clients c
    LEFT JOIN legal_entities le ON le.id = c.legal_entity_id
    LEFT JOIN gestionnaires g ON g.id = le.gestionnaire_id
    LEFT JOIN contacts ct ON ct.client_id = c.id AND ct.is_main
    CROSS JOIN LATERAL (
      SELECT clients_list_fold(trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, ''))) AS contact_name
    ) n
    WHERE c.id = ANY(ids)
  ) v
  WHERE cl.id = v.id
    AND (cl.search_text IS DISTINCT FROM v.search_text
      OR cl.list_contact_name IS DISTINCT FROM v.contact_name
      OR cl.list_gestionnaire_name IS DISTINCT FROM v.gestionnaire_name);
END $$;
--> statement-breakpoint
-- A client's own fields and its legal entity. The update below changes none of them: its own trigger
-- finds nothing to do, which ends the recursion (as do 0018's updates of clients).
CREATE FUNCTION clients_list_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clients_set_list_text(array(SELECT id FROM new_rows));
  ELSE
    PERFORM clients_set_list_text(array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.raison_social IS DISTINCT FROM o.raison_social OR n.city IS DISTINCT FROM o.city
        OR n.postal_code IS DISTINCT FROM o.postal_code OR n.finess IS DISTINCT FROM o.finess
        OR n.legal_entity_id IS DISTINCT FROM o.legal_entity_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_list_text_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_list_text_changed();
--> statement-breakpoint
CREATE TRIGGER clients_list_text_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_list_text_changed();
--> statement-breakpoint
-- A legal entity renamed or given another gestionnaire. (New entities have no establishment yet; one
-- with establishments cannot be deleted: clients.legal_entity_id has no ON DELETE.)
CREATE FUNCTION legal_entities_list_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clients_set_list_text(array(
    SELECT c.id FROM clients c JOIN new_rows n ON n.id = c.legal_entity_id JOIN old_rows o ON o.id = n.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social OR n.gestionnaire_id IS DISTINCT FROM o.gestionnaire_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER legal_entities_list_text_update AFTER UPDATE ON legal_entities
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_list_text_changed();
--> statement-breakpoint
-- A gestionnaire renamed (one referenced by an entity cannot be deleted: no ON DELETE either).
CREATE FUNCTION gestionnaires_list_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clients_set_list_text(array(
    SELECT c.id FROM clients c JOIN legal_entities le ON le.id = c.legal_entity_id
    JOIN new_rows n ON n.id = le.gestionnaire_id JOIN old_rows o ON o.id = n.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gestionnaires_list_text_update AFTER UPDATE ON gestionnaires
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gestionnaires_list_text_changed();
--> statement-breakpoint
-- An establishment's main contact: added, removed, renamed, made main or not, moved to another client.
-- (Contacts deleted with their client: the ids are gone, the update finds no row.)
CREATE FUNCTION contacts_list_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clients_set_list_text(array(SELECT DISTINCT client_id FROM new_rows WHERE is_main AND client_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clients_set_list_text(array(SELECT DISTINCT client_id FROM old_rows WHERE is_main AND client_id IS NOT NULL));
  ELSE
    PERFORM clients_set_list_text(array(
      SELECT x.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.client_id), (o.client_id)) x(client_id)
      WHERE x.client_id IS NOT NULL AND (n.is_main OR o.is_main)
        AND (n.is_main IS DISTINCT FROM o.is_main OR n.client_id IS DISTINCT FROM o.client_id
          OR n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name)
      GROUP BY x.client_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_list_text_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_list_text_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_list_text_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_list_text_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_list_text_update AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_list_text_changed();
--> statement-breakpoint
-- Backfill, then the indexes (built once on the filled column rather than kept row by row).
SELECT clients_set_list_text(array(SELECT id FROM clients));
--> statement-breakpoint
CREATE INDEX "clients_list_city_idx" ON "clients" USING btree (lower(replace(replace(replace(replace(translate("city", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_list_city_desc_idx" ON "clients" USING btree (lower(replace(replace(replace(replace(translate("city", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')) desc nulls last,"id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_list_contact_idx" ON "clients" USING btree ("list_contact_name","id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_list_contact_desc_idx" ON "clients" USING btree ("list_contact_name" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_list_gestionnaire_idx" ON "clients" USING btree ("list_gestionnaire_name","id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_list_gestionnaire_desc_idx" ON "clients" USING btree ("list_gestionnaire_name" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;
--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);
