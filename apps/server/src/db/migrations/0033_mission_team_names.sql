ALTER TABLE "missions" ADD COLUMN "team_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The team's names as the mission list shows them, kept on the mission by the trigger that keeps its search
-- text (migration `money_lists`): a team changed or an evaluator renamed clears search_text, which brings
-- the mission back through missions_derive. Per row of a page, the list aggregated the team (0.8 ms a page).
-- Planned at each call, as mission_search_text (migration `stable_search_plans`).
CREATE FUNCTION mission_team_names(mission_id uuid) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  RETURN coalesce((SELECT string_agg(a.first_name || ' ' || a.last_name, ', ' ORDER BY tm.role, a.last_name)
    FROM mission_team_members tm JOIN auditors a ON a.id = tm.auditor_id WHERE tm.mission_id = $1), '');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION missions_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_name := coalesce((SELECT raison_social FROM clients WHERE id = NEW.client_id), '');
  NEW.search_text := mission_search_text(NEW.id, NEW.client_id, NEW.contract_id);
  NEW.team_names := mission_team_names(NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE missions SET team_names = mission_team_names(id);
