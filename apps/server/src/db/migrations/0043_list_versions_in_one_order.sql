-- The versions of the lists a transaction wrote, all written at its commit in one order (by list name).
-- Before, each table's deferred trigger wrote its own list's version when it fired, in the order the
-- transaction had written the tables: a transaction that wrote clients then the journal, committing beside
-- one that wrote the journal then clients, could each hold one version row and wait for the other's (a
-- deadlock, one of them refused). Now the statements mark the lists they write (a flag local to the
-- transaction), and the first deferred trigger to fire writes every marked version, sorted; the others find
-- them written.
CREATE FUNCTION mark_list_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written text := coalesce(nullif(current_setting('certidesk.lists_written', true), ''), ',');
BEGIN
  IF position(',' || TG_ARGV[0] || ',' IN written) = 0 THEN
    PERFORM set_config('certidesk.lists_written', written || TG_ARGV[0] || ',', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bump_written_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marked text := coalesce(current_setting('certidesk.lists_written', true), '');
  bumped text := coalesce(nullif(current_setting('certidesk.lists_bumped', true), ''), ',');
  written text;
  todo text[];
BEGIN
  -- Once per row written: nothing marked since the last bump, its own list bumped (a bulk write queues a
  -- million of these).
  IF marked = current_setting('certidesk.lists_bumped_at', true) AND position(',' || TG_ARGV[0] || ',' IN bumped) > 0 THEN
    RETURN NULL;
  END IF;
  -- Its own list too: a constraint made immediate fires a row trigger before its statement marks the list.
  written := coalesce(nullif(marked, ''), ',') || TG_ARGV[0] || ',';
  SELECT array_agg(list ORDER BY list) INTO todo
    FROM (SELECT unnest(string_to_array(trim(BOTH ',' FROM written), ','))
          EXCEPT SELECT unnest(string_to_array(trim(BOTH ',' FROM bumped), ','))) AS pending(list);
  IF todo IS NOT NULL THEN
    INSERT INTO list_versions (list, version)
    SELECT list, nextval('list_version_seq') FROM unnest(todo) AS list ORDER BY list
    ON CONFLICT (list) DO UPDATE SET version = excluded.version;
    PERFORM set_config('certidesk.lists_bumped', bumped || array_to_string(todo, ',') || ',', true);
  END IF;
  PERFORM set_config('certidesk.lists_bumped_at', marked, true);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER clients_list_version ON clients;
--> statement-breakpoint
DROP TRIGGER request_clients_list_version ON request_clients;
--> statement-breakpoint
DROP TRIGGER mail_outbox_list_version ON mail_outbox;
--> statement-breakpoint
DROP TRIGGER audit_log_list_version ON audit_log;
--> statement-breakpoint
CREATE TRIGGER clients_list_written AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('clients');
--> statement-breakpoint
CREATE TRIGGER request_clients_list_written AFTER INSERT OR UPDATE OR DELETE ON request_clients
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('request_clients');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_list_written AFTER INSERT OR UPDATE OR DELETE ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('mail_outbox');
--> statement-breakpoint
CREATE TRIGGER audit_log_list_written AFTER INSERT OR UPDATE OR DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('audit_log');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_list_version AFTER INSERT OR UPDATE OR DELETE ON clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('clients');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER request_clients_list_version AFTER INSERT OR UPDATE OR DELETE ON request_clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('request_clients');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER mail_outbox_list_version AFTER INSERT OR UPDATE OR DELETE ON mail_outbox
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('mail_outbox');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_list_version AFTER INSERT OR UPDATE OR DELETE ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('audit_log');
--> statement-breakpoint
-- What is left of 0041's function: the TRUNCATE triggers (a statement, no row events to defer).
CREATE OR REPLACE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (list, version) VALUES (TG_ARGV[0], nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
