ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A provisional password changes what a session may do: the sessions kept in memory must hear it
-- (0025_auth_change_notify).
DROP TRIGGER users_auth_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF id, first_name, last_name, profile_type, active, auditor_id, client_id, must_change_password
  OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();--> statement-breakpoint
-- Administering accounts and rights becomes its own right (ADMIN), held by Direction alone by default:
-- it was part of SETTING update, which made whoever held that a Director in waiting.
INSERT INTO profile_permissions (profile_type, code, can_create, can_read, can_update, can_delete)
  SELECT 'DIR', 'ADMIN', true, true, true, true WHERE EXISTS (SELECT 1 FROM profiles WHERE profile_type = 'DIR')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Staff codes granted to the evaluators' and client users' profiles opened staff data; they open nothing
-- now and are no longer offered: remove them so the rights screen says what holds.
DELETE FROM profile_permissions
  WHERE (profile_type = 'AUDITEUR' AND code NOT IN ('MISSION', 'CERTMANAGER_DOCUMENT', 'AUDITOR'))
     OR (profile_type = 'MYQUALIANOR' AND code NOT IN ('CLIENT', 'CERTMANAGER_DOCUMENT'));
