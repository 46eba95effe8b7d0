-- A version for the invoices and the missions (lib/versioned-totals.ts, the triggers of 0043): a searched view
-- remembers its totals while its table does not change. What a search reads is kept on the invoice or the
-- mission (search_text: an establishment renamed, a contract renumbered, a team changed write them), so their
-- own writes move the version. Counting the invoices of a frequent word ("ehpad", a quarter of 100,000) took
-- 130 ms at every page, the missions' 55 ms.
CREATE TRIGGER invoices_list_written AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('invoices');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoices_list_version AFTER INSERT OR UPDATE OR DELETE ON invoices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('invoices');
--> statement-breakpoint
CREATE TRIGGER invoices_list_version_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('invoices');
--> statement-breakpoint
INSERT INTO list_versions (list, version) VALUES ('invoices', nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
--> statement-breakpoint
CREATE TRIGGER missions_list_written AFTER INSERT OR UPDATE OR DELETE ON missions
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('missions');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER missions_list_version AFTER INSERT OR UPDATE OR DELETE ON missions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('missions');
--> statement-breakpoint
CREATE TRIGGER missions_list_version_truncate AFTER TRUNCATE ON missions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('missions');
--> statement-breakpoint
INSERT INTO list_versions (list, version) VALUES ('missions', nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
