ALTER TABLE "clients" ADD COLUMN "list_row" text;--> statement-breakpoint
-- The client list's row (shared ClientRow) as JSON text, kept on the establishment: a page was three joins
-- and fifty objects built by json_build_object, 1.6 ms of PostgreSQL on the scale base; it is now fifty texts
-- read by primary key and concatenated (pgbench, one connection: 544 → 2,400 pages a second;
-- docs/performance.md). This function is the row's one definition; the display texts are the shared
-- formatters' SQL twins (migration 0029_display_text), the timestamps as Date.prototype.toISOString writes them.
-- Planned at each call (migration 0026_stable_search_plans): a generic plan made while a bulk load's tables were
-- still empty would read them sequentially for every row.
CREATE FUNCTION client_list_row(c clients) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  entity_name text;
  gestionnaire_id uuid;
  gestionnaire_name text;
  ct contacts;
BEGIN
  SELECT le.raison_social, g.id, g.raison_social INTO entity_name, gestionnaire_id, gestionnaire_name
    FROM legal_entities le LEFT JOIN gestionnaires g ON g.id = le.gestionnaire_id WHERE le.id = c.legal_entity_id;
  SELECT * INTO ct FROM contacts WHERE client_id = c.id AND is_main;
  RETURN json_build_object(
    'id', c.id,
    'raisonSocial', c.raison_social,
    'finess', c.finess,
    'legalEntityId', c.legal_entity_id,
    'legalEntityRaisonSocial', entity_name,
    'postalCode', c.postal_code,
    'city', c.city,
    'departement', c.departement,
    -- "address, postal code city — FINESS n", the parts left out when empty: the postal code's tooltip.
    'tooltip', concat_ws(', ', nullif(c.address, ''),
      nullif(concat_ws(' ', nullif(c.postal_code, ''), nullif(c.city, '')), ''))
      || coalesce(' — FINESS ' || nullif(c.finess, ''), ''),
    'isMultiClient', coalesce(c.is_multi_client, false),
    'isRegroupingClient', c.regrouping_status IS NOT NULL,
    'isGestionnaire', gestionnaire_id IS NOT NULL,
    'gestionnaireId', gestionnaire_id,
    'gestionnaireRaisonSocial', gestionnaire_name,
    'contact', CASE WHEN ct.id IS NULL THEN NULL ELSE json_build_object('firstName', ct.first_name,
      'lastName', ct.last_name, 'tel', ct.tel, 'email', ct.email, 'occupation', ct.occupation,
      'mobilePhone', ct.mobile_phone) END,
    'contactName', concat_ws(' ', nullif(ct.first_name, ''), nullif(ct.last_name, '')),
    'contactDetails', concat_ws(' | ', nullif(display_trim(ct.occupation), ''),
      nullif(display_phone(ct.mobile_phone), ''), nullif(display_trim(ct.email), '')),
    'evaluationDate', c.evaluation_date,
    'evaluationFinishedAt', c.evaluation_finished_at,
    'dateRelance', c.date_relance,
    'status', c.latest_contract_status,
    'contractId', c.latest_contract_id,
    'createdAt', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'clientSince', to_char(c.client_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
END $$;
--> statement-breakpoint
-- Every write of a client, the application's and the derived columns' triggers' alike, computes its row again
-- (about 30 µs): its own columns are the row's, whatever statement changed them.
CREATE FUNCTION clients_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := client_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_list_row BEFORE INSERT OR UPDATE ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_keep_list_row();
--> statement-breakpoint
-- The other tables' writes reach their clients through the client_search triggers, which call this function
-- with the clients whose legal entity, gestionnaire or main contact changed: it now also rewrites a row that
-- differs from what it shows (a contact's phone, a gestionnaire of the same name), not only the search texts.
CREATE OR REPLACE FUNCTION clients_set_list_text(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
      OR cl.list_gestionnaire_name IS DISTINCT FROM v.gestionnaire_name
      OR cl.list_row IS DISTINCT FROM client_list_row(cl));
END $$;
--> statement-breakpoint
-- The main contact's fields the row shows, beside the name the search reads.
CREATE OR REPLACE FUNCTION contacts_list_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
          OR n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name
          OR n.tel IS DISTINCT FROM o.tel OR n.email IS DISTINCT FROM o.email
          OR n.occupation IS DISTINCT FROM o.occupation OR n.mobile_phone IS DISTINCT FROM o.mobile_phone)
      GROUP BY x.client_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE clients SET list_row = client_list_row(clients);
