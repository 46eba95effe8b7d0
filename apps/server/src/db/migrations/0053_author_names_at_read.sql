DROP INDEX "documents_created_by_idx";--> statement-breakpoint
-- A text as a JSON string in ASCII. to_json is declared STABLE (a type's output may depend on settings), a text's
-- never does: declared IMMUTABLE here, so that a stored generated column may use it.
CREATE FUNCTION json_string_ascii(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN json_ascii(to_json(t)::text);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_json" text GENERATED ALWAYS AS (json_string_ascii("first_name" || ' ' || "last_name")) STORED;--> statement-breakpoint
-- A document's author's name leaves its kept row: the page adds it at each read from users.name_json (one
-- primary-key read per row, in ASCII as the row). Kept, renaming the author of 19,000 documents rewrote them
-- all in the rename's transaction: 13 s on the scale base (docs/performance.md, 28 novembre, fin de soirée).
-- An establishment's, an evaluator's or a category's documents are a few dozen: their names stay in the row.
-- The page and the detail add it (documents.repository.ts, mail.repository.ts).
DROP TRIGGER users_document_rows ON users;
--> statement-breakpoint
DROP FUNCTION users_document_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_list_row(d documents) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  category_name text;
  client_name text;
  auditor_name text;
BEGIN
  SELECT name INTO category_name FROM document_categories WHERE id = d.category_id;
  SELECT raison_social INTO client_name FROM clients WHERE id = d.client_id;
  SELECT first_name || ' ' || last_name INTO auditor_name FROM auditors WHERE id = d.auditor_id;
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
    'createdAt', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(d.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'version', d.version
  )::text);
END $$;
--> statement-breakpoint
UPDATE documents SET list_row = document_list_row(documents);
--> statement-breakpoint
-- The same for a mail's author (migration 0048): renaming the author of 10,000 mails took 8 s.
DROP TRIGGER users_mail_names ON users;
--> statement-breakpoint
DROP FUNCTION users_mail_names_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mail_list_row(m mail_outbox) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  client_name text;
  files json;
BEGIN
  SELECT raison_social INTO client_name FROM clients WHERE id = m.client_id;
  SELECT coalesce(json_agg(json_build_object('documentId', a.document_id, 'fileName', a.file_name)
           ORDER BY a.file_name), '[]')
    INTO files FROM mail_attachments a WHERE a.mail_id = m.id;
  RETURN json_ascii(json_build_object(
    'id', m.id,
    'templateCode', m.template_code,
    'to', m."to",
    'cc', m.cc,
    'subject', m.subject,
    'status', m.status,
    'attempts', m.attempts,
    'nextAttemptAt', to_char(m.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lastError', m.last_error,
    'sentAt', to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'clientId', m.client_id,
    'clientName', client_name,
    'missionId', m.mission_id,
    'relatedType', m.related_type,
    'relatedId', m.related_id,
    'containsSecret', m.contains_secret,
    'attachments', files
  )::text);
END $$;
--> statement-breakpoint
UPDATE mail_outbox SET list_row = mail_list_row(mail_outbox);
