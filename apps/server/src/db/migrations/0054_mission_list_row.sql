ALTER TABLE "missions" ADD COLUMN "list_row" text;--> statement-breakpoint
-- The mission list's row (shared MissionRow) as JSON text, kept on the mission, but for its state and report
-- deadlines, which depend on the day and on the deadline settings: a page adds them at each read
-- (mission-list.repository.ts). A page joined the missions to their establishments and contracts and built fifty
-- objects; the missions were the slowest list at 50 connections (docs/performance.md). This function is the
-- row's one definition; ASCII (json_ascii, migration 0039). Every source already writes the mission: an
-- establishment renamed or moved (clients_copies), a contract renumbered (contracts_number_copies), a team
-- changed or an evaluator renamed (mission_teams): missions_derive then runs before this trigger (triggers fire
-- in the order of their names), so the row reads the name and team it has just copied.
CREATE FUNCTION mission_list_row(m missions) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  client_postal_code text;
  client_city text;
  contract_number text;
BEGIN
  SELECT c.postal_code, c.city INTO client_postal_code, client_city FROM clients c WHERE c.id = m.client_id;
  SELECT number INTO contract_number FROM contracts WHERE id = m.contract_id;
  RETURN json_ascii(json_build_object(
    'id', m.id,
    'clientId', m.client_id,
    'raisonSocial', m.client_name,
    'postalCode', client_postal_code,
    'city', client_city,
    'contractId', m.contract_id,
    'contractNumber', contract_number,
    'kind', m.kind,
    'remote', m.remote,
    'grouped', m.group_id IS NOT NULL,
    'firstDay', m.first_day,
    'lastDay', m.last_day,
    'team', m.team_names
  )::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION missions_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := mission_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER missions_list_row BEFORE INSERT OR UPDATE ON missions
  FOR EACH ROW EXECUTE FUNCTION missions_keep_list_row();
--> statement-breakpoint
UPDATE missions SET list_row = mission_list_row(missions);
