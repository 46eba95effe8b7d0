ALTER TABLE "clients" ADD COLUMN "latest_contract_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "latest_contract_status" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_multi_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_list_name_idx" ON "clients" USING btree (lower(replace(replace(replace(replace(translate("raison_social", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_created_idx" ON "clients" USING btree ("created_at","id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
-- The client list's derived columns, kept by the database in the statement that changes them (every
-- write path at once: services, demo, scale seed, restore). Statement-level triggers with transition
-- tables: one set-based update per statement, not one per row.
CREATE FUNCTION clients_set_latest_contract(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE clients cl SET latest_contract_id = l.id, latest_contract_status = l.status
  FROM (
    SELECT t.cid, x.id, x.status FROM unnest(ids) AS t(cid)
    LEFT JOIN LATERAL (
      SELECT c.id, c.status FROM contract_establishments ce JOIN contracts c ON c.id = ce.contract_id
      WHERE ce.client_id = t.cid ORDER BY c.created_at DESC LIMIT 1
    ) x ON true
  ) l
  WHERE cl.id = l.cid
    AND (cl.latest_contract_id IS DISTINCT FROM l.id OR cl.latest_contract_status IS DISTINCT FROM l.status);
END $$;
--> statement-breakpoint
CREATE FUNCTION clients_set_multi(entities uuid[], moved uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients cl SET is_multi_client = m.multi
  FROM (SELECT legal_entity_id AS le, count(*) > 1 AS multi FROM clients WHERE legal_entity_id = ANY(entities) GROUP BY 1) m
  WHERE cl.legal_entity_id = m.le AND cl.is_multi_client IS DISTINCT FROM m.multi;
  UPDATE clients SET is_multi_client = false WHERE id = ANY(moved) AND legal_entity_id IS NULL AND is_multi_client;
END $$;
--> statement-breakpoint
CREATE FUNCTION contract_establishments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM clients_set_latest_contract(array(SELECT DISTINCT client_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM clients_set_latest_contract(array(SELECT DISTINCT client_id FROM old_rows));
  ELSE
    PERFORM clients_set_latest_contract(array(SELECT client_id FROM new_rows UNION SELECT client_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contract_establishments_latest_insert AFTER INSERT ON contract_establishments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_establishments_changed();
--> statement-breakpoint
CREATE TRIGGER contract_establishments_latest_delete AFTER DELETE ON contract_establishments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_establishments_changed();
--> statement-breakpoint
CREATE TRIGGER contract_establishments_latest_update AFTER UPDATE ON contract_establishments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_establishments_changed();
--> statement-breakpoint
CREATE FUNCTION contracts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clients_set_latest_contract(array(
    SELECT DISTINCT ce.client_id FROM contract_establishments ce
    JOIN new_rows n ON n.id = ce.contract_id JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status OR n.created_at IS DISTINCT FROM o.created_at));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contracts_latest_update AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contracts_changed();
--> statement-breakpoint
CREATE FUNCTION clients_entity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entities uuid[];
  moved uuid[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    entities := array(SELECT DISTINCT legal_entity_id FROM new_rows WHERE legal_entity_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    entities := array(SELECT DISTINCT legal_entity_id FROM old_rows WHERE legal_entity_id IS NOT NULL);
  ELSE
    moved := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE n.legal_entity_id IS DISTINCT FROM o.legal_entity_id);
    entities := array(SELECT legal_entity_id FROM new_rows WHERE id = ANY(moved) AND legal_entity_id IS NOT NULL
                      UNION SELECT legal_entity_id FROM old_rows WHERE id = ANY(moved) AND legal_entity_id IS NOT NULL);
  END IF;
  -- Most client updates keep the legal entity (and the updates below never change it): nothing to do,
  -- which is also what ends the trigger's own updates of clients.
  IF cardinality(entities) > 0 OR cardinality(moved) > 0 THEN
    PERFORM clients_set_multi(entities, moved);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_multi_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_entity_changed();
--> statement-breakpoint
CREATE TRIGGER clients_multi_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_entity_changed();
--> statement-breakpoint
CREATE TRIGGER clients_multi_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_entity_changed();
--> statement-breakpoint
-- Backfill.
SELECT clients_set_latest_contract(array(SELECT DISTINCT client_id FROM contract_establishments));
--> statement-breakpoint
SELECT clients_set_multi(array(SELECT DISTINCT legal_entity_id FROM clients WHERE legal_entity_id IS NOT NULL), '{}');
