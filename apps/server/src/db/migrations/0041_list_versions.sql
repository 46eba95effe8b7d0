CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Versions come from one sequence: never reused, not even across a restored backup (which empties
-- list_versions), so a total a server remembers for a version can never be taken for another state.
CREATE SEQUENCE "list_version_seq";
--> statement-breakpoint
-- A fresh version for the list named by the trigger's argument. The row triggers are deferred to the
-- commit: the version row is locked for the commit only, after every other lock the transaction took (no
-- deadlock through it, edits of different clients still run side by side), and once per transaction (a
-- flag local to it), however many rows it wrote.
CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  flag text := 'certidesk.list_version_' || TG_ARGV[0];
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting(flag, true) = 'bumped' THEN
    RETURN NULL;
  END IF;
  INSERT INTO list_versions (list, version) VALUES (TG_ARGV[0], nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
  IF TG_LEVEL = 'ROW' THEN
    PERFORM set_config(flag, 'bumped', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_list_version AFTER INSERT OR UPDATE OR DELETE ON clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('clients');
--> statement-breakpoint
CREATE TRIGGER clients_list_version_truncate AFTER TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('clients');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER request_clients_list_version AFTER INSERT OR UPDATE OR DELETE ON request_clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('request_clients');
--> statement-breakpoint
CREATE TRIGGER request_clients_list_version_truncate AFTER TRUNCATE ON request_clients
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('request_clients');
--> statement-breakpoint
INSERT INTO list_versions (list, version) VALUES ('clients', nextval('list_version_seq')), ('request_clients', nextval('list_version_seq'));
