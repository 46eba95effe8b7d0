ALTER TABLE "request_clients" ADD COLUMN "establishments_json" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "request_clients" ADD COLUMN "establishments_tooltip" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The prospect list row's establishments (the JSON array of { id, raisonSocial }) and its name's tooltip, kept
-- with the other derived columns (migration `lists_at_scale`), by the same triggers: its establishments, their
-- names and places. Per row of a page, the list aggregated them twice in name order, half of its SQL. The
-- settings of migration `stable_search_plans` are restated: a replaced function takes the new definition's.
CREATE OR REPLACE FUNCTION request_clients_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan SET jit = off AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE request_clients r
  SET establishment_count = d.n, first_postal_code = d.postal_code, first_city = d.city,
      display_name = d.display_name, contact_name = d.contact_name, search_text = d.search_text,
      establishments_json = d.establishments_json, establishments_tooltip = d.establishments_tooltip
  FROM (
    SELECT q.id, e.n, f.postal_code, f.city,
      CASE WHEN e.n = 1 THEN f.raison_social ELSE le.raison_social END AS display_name,
      trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, '')) AS contact_name,
      -- Folded, lowered, space-separated: see matchEveryWordIn (lib/search-text.ts). The reference, FINESS and
      -- postal code are not folded, as the list searched them before.
      lower(concat_ws(' ', q.reference, list_fold(le.raison_social),
        list_fold(trim(coalesce(ct.first_name, '') || ' ' || coalesce(ct.last_name, ''))), e.search_text)) AS search_text,
      e.establishments_json, e.establishments_tooltip
    FROM request_clients q
    JOIN legal_entities le ON le.id = q.legal_entity_id
    LEFT JOIN contacts ct ON ct.id = q.contact_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n,
        string_agg(concat_ws(' ', list_fold(c.raison_social), list_fold(coalesce(c.city, '')), c.finess, c.postal_code), ' '
          ORDER BY c.raison_social, c.id) AS search_text,
        coalesce(json_agg(json_build_object('id', c.id, 'raisonSocial', c.raison_social) ORDER BY c.raison_social, c.id),
          '[]') AS establishments_json,
        -- "name — postal code city", the empty parts left out (prospect-row.ts shows it as the name's tooltip).
        coalesce(string_agg(c.raison_social || ' — ' || concat_ws(' ', nullif(c.postal_code, ''), nullif(c.city, '')), E'\n'
          ORDER BY c.raison_social, c.id), '') AS establishments_tooltip
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
    AND (r.establishment_count, r.first_postal_code, r.first_city, r.display_name, r.contact_name, r.search_text,
         r.establishments_json::text, r.establishments_tooltip)
        IS DISTINCT FROM (d.n, d.postal_code, d.city, d.display_name, d.contact_name, d.search_text,
         d.establishments_json::text, d.establishments_tooltip);
END $$;
--> statement-breakpoint
SELECT request_clients_refresh(array(SELECT id FROM request_clients));
