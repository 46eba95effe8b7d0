ALTER TABLE "mail_outbox" ADD COLUMN "list_row" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_id");--> statement-breakpoint
-- The mail list's row (shared MailRow) as JSON text, kept on the mail: a page built fifty objects from the
-- outbox, the establishments, the users and the attachments (1 ms of PostgreSQL for 50 mails on the scale
-- base, most of a page); it now concatenates fifty texts read by primary key (docs/performance.md). This
-- function is the row's one definition, for the list and a mail's detail alike; ASCII (json_ascii, migration
-- 0039), so the server sends it as it receives it. Planned at each call (see client_list_row).
CREATE FUNCTION mail_list_row(m mail_outbox) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  client_name text;
  author_name text;
  files json;
BEGIN
  SELECT raison_social INTO client_name FROM clients WHERE id = m.client_id;
  SELECT first_name || ' ' || last_name INTO author_name FROM users WHERE id = m.created_by;
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
    'createdByName', author_name,
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
-- Every write of a mail (the screens', the outbox worker's) computes its row again: its own columns are the row's.
CREATE FUNCTION mail_outbox_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := mail_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_list_row BEFORE INSERT OR UPDATE ON mail_outbox
  FOR EACH ROW EXECUTE FUNCTION mail_outbox_keep_list_row();
--> statement-breakpoint
-- What the row shows of other tables: the attachments (written after their mail, in its transaction), the
-- establishment's name and the author's. Their writes rewrite the rows of the mails concerned, and only
-- those whose text changes.
CREATE FUNCTION mail_outbox_rewrite_rows(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  UPDATE mail_outbox m SET list_row = mail_list_row(m)
  WHERE m.id = ANY(ids) AND m.list_row IS DISTINCT FROM mail_list_row(m);
END $$;
--> statement-breakpoint
CREATE FUNCTION mail_attachments_list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mail_outbox_rewrite_rows(array(SELECT DISTINCT mail_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mail_outbox_rewrite_rows(array(SELECT DISTINCT mail_id FROM old_rows));
  ELSE
    PERFORM mail_outbox_rewrite_rows(array(SELECT mail_id FROM new_rows UNION SELECT mail_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_attachments_list_row_insert AFTER INSERT ON mail_attachments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mail_attachments_list_row_changed();
--> statement-breakpoint
CREATE TRIGGER mail_attachments_list_row_update AFTER UPDATE ON mail_attachments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION mail_attachments_list_row_changed();
--> statement-breakpoint
CREATE TRIGGER mail_attachments_list_row_delete AFTER DELETE ON mail_attachments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mail_attachments_list_row_changed();
--> statement-breakpoint
-- Clients and users are written often (derived columns, sign-ins): the renamed ones are found first, and the
-- mails read only when there are some.
CREATE FUNCTION clients_mail_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.raison_social IS DISTINCT FROM o.raison_social);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM mail_outbox_rewrite_rows(array(SELECT id FROM mail_outbox WHERE client_id = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_mail_names AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION clients_mail_names_changed();
--> statement-breakpoint
CREATE FUNCTION users_mail_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name);
BEGIN
  IF cardinality(renamed) > 0 THEN
    PERFORM mail_outbox_rewrite_rows(array(SELECT id FROM mail_outbox WHERE created_by = ANY(renamed)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_mail_names AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION users_mail_names_changed();
--> statement-breakpoint
UPDATE mail_outbox SET list_row = mail_list_row(mail_outbox);
