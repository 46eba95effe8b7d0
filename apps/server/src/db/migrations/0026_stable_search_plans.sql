-- Trigger functions keep their plans: a SQL function the plan of its first call until the transaction
-- ends, a PL/pgSQL statement a generic plan after five calls until the table's statistics change. In a
-- transaction that writes missions and then their teams (the scale seed, a restore, a bulk import),
-- mission_search_text was first planned while mission_team_members was empty: a sequential scan of the
-- team table, kept while the table grew, so each mission's search text read every team row written
-- before it (quadratic: 10 s for 12,000 missions, 93 s for 49,000). Planned at each call, the plan
-- sees the table's current size: an index lookup as soon as it holds rows. Planning costs about 0.1 ms,
-- once per mission written.
CREATE OR REPLACE FUNCTION mission_search_text(mission_id uuid, client_id uuid, contract_id uuid)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  -- list_fold (migration 0023) is the folding the list searches compare with: French accents, œ and æ.
  RETURN (SELECT list_fold(coalesce(c.raison_social, '')) || E'\n' || list_fold(coalesce(c.city, '')) || E'\n'
    || coalesce(c.postal_code, '') || E'\n' || coalesce(c.finess, '') || E'\n' || coalesce(k.number, '') || E'\n'
    || list_fold(coalesce((SELECT string_agg(a.first_name || ' ' || a.last_name, ', ' ORDER BY tm.role, a.last_name)
         FROM mission_team_members tm JOIN auditors a ON a.id = tm.auditor_id WHERE tm.mission_id = $1), ''))
  FROM (SELECT 1) one LEFT JOIN clients c ON c.id = $2 LEFT JOIN contracts k ON k.id = $3);
END $$;
--> statement-breakpoint
-- The same for the prospect list's refresh, whose plan also depends on how many requests a statement
-- touches (one when a user edits a request, thousands in a bulk load). Its estimates are coarse (150
-- establishments a request): JIT compilation started from about 55 requests and cost 300 ms to save
-- nothing. Off while it runs (and the triggers its update fires).
ALTER FUNCTION request_clients_refresh(uuid[]) SET plan_cache_mode = force_custom_plan;
--> statement-breakpoint
ALTER FUNCTION request_clients_refresh(uuid[]) SET jit = off;
