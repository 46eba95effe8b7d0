ALTER TABLE "documents" ADD COLUMN "list_row" text;--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "documents_created_by_idx" ON "documents" USING btree ("created_by");--> statement-breakpoint
-- The library's row (shared DocumentRow, its signed links aside: the server adds them) as JSON text, kept on
-- the document: a page built fifty objects from documents, their categories, establishments, evaluators and
-- authors, in text the server then re-encoded for its accented characters (1.3 ms of PostgreSQL and 1.1 to 2 ms
-- of server for 50 documents on the scale base; docs/performance.md). This function is the row's one
-- definition, for the list and a document's detail alike; ASCII (json_ascii, migration 0039). Planned at each
-- call (see client_list_row).
CREATE FUNCTION document_list_row(d documents) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  category_name text;
  client_name text;
  auditor_name text;
  author_name text;
BEGIN
  SELECT name INTO category_name FROM document_categories WHERE id = d.category_id;
  SELECT raison_social INTO client_name FROM clients WHERE id = d.client_id;
  SELECT first_name || ' ' || last_name INTO auditor_name FROM auditors WHERE id = d.auditor_id;
  SELECT first_name || ' ' || last_name INTO author_name FROM users WHERE id = d.created_by;
  RETURN json_ascii(json_build_object(
    'id', d.id,
    'family', d.family,
    'documentType', d.document_type,
    'categoryId', d.category_id,
    'categoryName', category_name,
    'name', d.name,
    'description', d.description,
    'fileName', d.file_name,
    'mimeType', d.mime_type,
    'size', d.size,
    'currentVersion', d.current_version,
    'clientId', d.client_id,
    'clientName', client_name,
    'auditorId', d.auditor_id,
    'auditorName', auditor_name,
    'missionId', d.mission_id,
    'metaCode', d.meta_code,
    'createdByName', author_name,
    'createdAt', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'version', d.version
  )::text);
END $$;
--> statement-breakpoint
-- Every write of a document (upload, edit, new version, deletion, a category's deletion setting it to null)
-- computes its row again.
CREATE FUNCTION documents_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := document_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_list_row BEFORE INSERT OR UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_keep_list_row();
--> statement-breakpoint
-- What the row shows of other tables: the names of its category, establishment, evaluator and author. Their
-- writes rewrite the rows of the documents concerned, and only those whose text changes. Those tables are
-- written often without a rename (derived columns, sign-ins): the renamed rows are found first, and the
-- documents read only when there are some.
CREATE FUNCTION documents_rewrite_rows(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE documents d SET list_row = document_list_row(d)
  WHERE d.id = ANY(ids) AND d.list_row IS DISTINCT FROM document_list_row(d);
END $$;
--> statement-breakpoint
CREATE FUNCTION document_categories_document_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM documents_rewrite_rows(array(SELECT id FROM documents WHERE category_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_categories_document_rows AFTER UPDATE ON document_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION document_categories_document_rows_changed();
--> statement-breakpoint
CREATE FUNCTION clients_document_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM documents_rewrite_rows(array(SELECT id FROM documents WHERE client_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_document_rows AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION clients_document_rows_changed();
--> statement-breakpoint
CREATE FUNCTION auditors_document_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM documents_rewrite_rows(array(SELECT id FROM documents WHERE auditor_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auditors_document_rows AFTER UPDATE ON auditors
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION auditors_document_rows_changed();
--> statement-breakpoint
CREATE FUNCTION users_document_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM documents_rewrite_rows(array(SELECT id FROM documents WHERE created_by = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_document_rows AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION users_document_rows_changed();
--> statement-breakpoint
UPDATE documents SET list_row = document_list_row(documents);
