-- A request's kept row (migration 0037_prospect_list_row) was computed twice when another table's statement
-- rewrote it: once to compare it with the kept one, once more by the row trigger of the update. The scale seed's
-- quotes took 4 → 37 s with it. The rewrite now computes each row once and writes it; the row trigger keeps a
-- row that the statement itself wrote (only request_clients_rewrite_rows writes list_row: the application
-- never sets it), and computes it again on every other write, as before.
CREATE OR REPLACE FUNCTION request_clients_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.list_row IS DISTINCT FROM OLD.list_row THEN
    RETURN NEW;
  END IF;
  NEW.list_row := prospect_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION request_clients_rewrite_rows(ids uuid[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE request_clients r SET list_row = fresh.row
  FROM (SELECT x.id, prospect_list_row(x) AS row FROM request_clients x WHERE x.id = ANY(ids)) fresh
  WHERE r.id = fresh.id AND r.list_row IS DISTINCT FROM fresh.row;
END $$;
