-- The servers keep the sessions they resolve in memory (modules/auth/session-cache.ts): every statement
-- that changes what a session lookup returns — a session revoked or removed, a user's identity, profile,
-- links or activity, a profile's grants — announces it on the channel "certidesk_auth_changed", and each
-- server empties its cache when the notice arrives. NOTIFY is transactional: it is sent at commit, and
-- not at all on rollback. The sliding expiry (last_seen_at, expires_at) and the sign-in time are left out:
-- they change on every active session and do not make a cached session wrong.
CREATE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('certidesk_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, user_id, token_hash, csrf_token OR DELETE OR TRUNCATE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF id, first_name, last_name, profile_type, active, auditor_id, client_id
  OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER profile_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON profile_permissions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
