-- Versions for the outbox and the journal (lib/versioned-totals.ts, bump_list_version of 0041): the total of
-- a searched view is remembered while they do not change. Both are written often (every send, every write
-- of the application), so a remembered total lives only between two writes; a miss costs what every
-- search cost before, one count. The triggers fire at the commit: each writing transaction holds the
-- list's version row from there to the end of its commit, so their commits pass that point one at a time.
CREATE CONSTRAINT TRIGGER mail_outbox_list_version AFTER INSERT OR UPDATE OR DELETE ON mail_outbox
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('mail_outbox');
--> statement-breakpoint
CREATE TRIGGER mail_outbox_list_version_truncate AFTER TRUNCATE ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('mail_outbox');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_list_version AFTER INSERT OR UPDATE OR DELETE ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_list_version('audit_log');
--> statement-breakpoint
CREATE TRIGGER audit_log_list_version_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('audit_log');
--> statement-breakpoint
INSERT INTO list_versions (list, version) VALUES ('mail_outbox', nextval('list_version_seq')), ('audit_log', nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
