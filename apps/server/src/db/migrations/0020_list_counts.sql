CREATE TABLE "list_counts" (
	"list" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- The client list's unfiltered total (clients with client_since), kept per statement. Only a statement
-- that changes the total writes the counter row: ordinary edits of a client never lock it.
CREATE FUNCTION clients_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_counts SET n = 0 WHERE list = 'clients';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE client_since IS NOT NULL);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE client_since IS NOT NULL);
  END IF;
  -- An upsert: a restored backup empties list_counts with the other tables, then counts its rows again.
  IF delta <> 0 THEN
    INSERT INTO list_counts (list, n) VALUES ('clients', delta)
    ON CONFLICT (list) DO UPDATE SET n = list_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_list_count_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_count_changed();
--> statement-breakpoint
CREATE TRIGGER clients_list_count_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_count_changed();
--> statement-breakpoint
CREATE TRIGGER clients_list_count_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_count_changed();
--> statement-breakpoint
CREATE TRIGGER clients_list_count_truncate AFTER TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION clients_count_changed();
--> statement-breakpoint
INSERT INTO list_counts (list, n) SELECT 'clients', count(*) FROM clients WHERE client_since IS NOT NULL;
