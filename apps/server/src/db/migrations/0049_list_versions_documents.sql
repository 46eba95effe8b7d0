-- A version for the documents (lib/versioned-totals.ts, the triggers of 0043): a staff view of the library
-- reads documents alone, and its total is remembered while they do not change. Counting 140,000 documents
-- took 60 ms at every page; uploads and edits are rare beside the pages read.
CREATE TRIGGER documents_list_written AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION mark_list_written('documents');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_list_version AFTER INSERT OR UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_written_list_versions('documents');
--> statement-breakpoint
CREATE TRIGGER documents_list_version_truncate AFTER TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('documents');
--> statement-breakpoint
INSERT INTO list_versions (list, version) VALUES ('documents', nextval('list_version_seq'))
  ON CONFLICT (list) DO UPDATE SET version = excluded.version;
