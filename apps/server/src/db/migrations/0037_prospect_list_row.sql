ALTER TABLE "request_clients" ADD COLUMN "list_row" text;--> statement-breakpoint
-- The prospect lists' row (shared ProspectRow) as JSON text, kept on the request, as the client list's
-- (migration 0035_client_list_row): a page joined five tables, two of them through a sorted lateral
-- subquery per row (latest quote, current contract), and built fifty objects. This function is the row's one
-- definition; the establishments, their tooltip, the name and first place are the derived columns of
-- migrations `lists_at_scale` and `prospect_establishment_texts`. Planned at each call (migration
-- 0026_stable_search_plans).
CREATE FUNCTION prospect_list_row(r request_clients) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  entity_name text;
  gestionnaire_name text;
  ct contacts;
  quote record;
  contract_id uuid;
BEGIN
  SELECT le.raison_social, g.raison_social INTO entity_name, gestionnaire_name
    FROM legal_entities le LEFT JOIN gestionnaires g ON g.id = le.gestionnaire_id WHERE le.id = r.legal_entity_id;
  SELECT * INTO ct FROM contacts WHERE id = r.contact_id;
  SELECT q.id, q.number, q.revision, q.status, q.total_ttc INTO quote
    FROM quotes q WHERE q.request_id = r.id ORDER BY q.created_at DESC, q.revision DESC LIMIT 1;
  SELECT c.id INTO contract_id
    FROM contracts c WHERE c.request_id = r.id AND c.status <> 'CANCELLED' ORDER BY c.created_at DESC LIMIT 1;
  RETURN json_build_object(
    'id', r.id,
    'reference', r.reference,
    'raisonSocial', coalesce(r.display_name, entity_name),
    'legalEntityId', r.legal_entity_id,
    'legalEntityRaisonSocial', entity_name,
    'establishments', r.establishments_json,
    'postalCode', r.first_postal_code,
    'city', r.first_city,
    'tooltip', r.establishments_tooltip,
    'isMultiClient', coalesce(r.establishment_count > 1, false),
    'isGestionnaire', gestionnaire_name IS NOT NULL,
    'gestionnaireRaisonSocial', gestionnaire_name,
    'contact', CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('firstName', ct.first_name,
      'lastName', ct.last_name, 'tel', ct.tel, 'email', ct.email, 'occupation', ct.occupation,
      'mobilePhone', ct.mobile_phone) END,
    'contactName', CASE WHEN ct.id IS NULL THEN '' ELSE ct.first_name || ' ' || ct.last_name END,
    'contactDetails', concat_ws(' | ', nullif(display_trim(ct.occupation), ''),
      nullif(display_phone(ct.mobile_phone), ''), nullif(display_trim(ct.email), '')),
    'service', r.service,
    'source', r.source,
    'status', r.status,
    'refusalReason', r.refusal_reason,
    'quote', CASE WHEN quote.id IS NULL THEN NULL ELSE json_build_object('id', quote.id, 'number', quote.number,
      'revision', quote.revision, 'status', quote.status, 'totalTTC', quote.total_ttc) END,
    'contractId', contract_id,
    'dateRelance', r.date_relance,
    'createdAt', r.received_at,
    'archivedAt', to_char(r.archived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'version', r.version
  )::text;
END $$;
--> statement-breakpoint
-- Every write of a request, the application's and the derived columns' triggers' alike, computes its row again.
CREATE FUNCTION request_clients_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := prospect_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER request_clients_list_row BEFORE INSERT OR UPDATE ON request_clients
  FOR EACH ROW EXECUTE FUNCTION request_clients_keep_list_row();
--> statement-breakpoint
-- The requests whose row shows something another table's statement changed: rewritten when the row differs
-- (the update's row trigger computes it again).
CREATE FUNCTION request_clients_rewrite_rows(ids uuid[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE request_clients r SET list_row = NULL
  WHERE r.id = ANY(ids) AND r.list_row IS DISTINCT FROM prospect_list_row(r);
END $$;
--> statement-breakpoint
-- Quotes and contracts: the latest quote and the current contract of their requests.
CREATE FUNCTION request_rows_of_deals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM request_clients_rewrite_rows(array(SELECT DISTINCT request_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM request_clients_rewrite_rows(array(SELECT DISTINCT request_id FROM old_rows));
  ELSE
    PERFORM request_clients_rewrite_rows(array(SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quotes_request_row_insert AFTER INSERT ON quotes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
CREATE TRIGGER quotes_request_row_update AFTER UPDATE ON quotes
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
CREATE TRIGGER quotes_request_row_delete AFTER DELETE ON quotes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
CREATE TRIGGER contracts_request_row_insert AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
CREATE TRIGGER contracts_request_row_update AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
CREATE TRIGGER contracts_request_row_delete AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_rows_of_deals_changed();
--> statement-breakpoint
-- A legal entity renamed or given another gestionnaire, a gestionnaire renamed, a contact's shown fields.
CREATE FUNCTION legal_entities_request_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_rewrite_rows(array(
    SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN request_clients r ON r.legal_entity_id = n.id
    WHERE (n.raison_social, n.gestionnaire_id) IS DISTINCT FROM (o.raison_social, o.gestionnaire_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER legal_entities_request_row_update AFTER UPDATE ON legal_entities
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION legal_entities_request_rows_changed();
--> statement-breakpoint
CREATE FUNCTION gestionnaires_request_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_rewrite_rows(array(
    SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN legal_entities le ON le.gestionnaire_id = n.id
    JOIN request_clients r ON r.legal_entity_id = le.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gestionnaires_request_row_update AFTER UPDATE ON gestionnaires
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gestionnaires_request_rows_changed();
--> statement-breakpoint
CREATE FUNCTION contacts_request_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM request_clients_rewrite_rows(array(
    SELECT r.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN request_clients r ON r.contact_id = n.id
    WHERE (n.first_name, n.last_name, n.tel, n.email, n.occupation, n.mobile_phone)
      IS DISTINCT FROM (o.first_name, o.last_name, o.tel, o.email, o.occupation, o.mobile_phone)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_request_row_update AFTER UPDATE ON contacts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_request_rows_changed();
--> statement-breakpoint
UPDATE request_clients r SET list_row = prospect_list_row(r);
