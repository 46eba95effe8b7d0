CREATE TABLE "list_totals" (
	"list" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"ttc_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_totals_list_status_pk" PRIMARY KEY("list","status")
);
--> statement-breakpoint
DROP INDEX "missions_first_day_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The search's trigram index (pg_trgm: a contrib extension of PostgreSQL, loaded by PGlite in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- What the invoice list's search reads, folded as lib/search-text.ts folds (foldedSql: the same literals),
-- one field per line: a searched word never holds a line break, so it matches the text where it matches
-- one of the fields.
CREATE FUNCTION invoice_search_text(number text, buyer_name text, client_name text, contract_number text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(replace(replace(replace(translate(coalesce(number, '') || E'\n' || coalesce(buyer_name, '') || E'\n' || coalesce(client_name, '') || E'\n' || coalesce(contract_number, ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')
$$;
--> statement-breakpoint
-- What the mission list's search reads, each field as the search compares it (folded or not), one per
-- line; the team's names aggregated as the list shows them, so a word holding a comma matches across two
-- members as it always has. Reads the establishment, the contract and the team: STABLE.
CREATE FUNCTION mission_search_text(mission_id uuid, client_id uuid, contract_id uuid)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT replace(replace(replace(replace(translate(coalesce(c.raison_social, ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || E'\n'
    || replace(replace(replace(replace(translate(coalesce(c.city, ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || E'\n'
    || coalesce(c.postal_code, '') || E'\n' || coalesce(c.finess, '') || E'\n' || coalesce(k.number, '') || E'\n'
    || replace(replace(replace(replace(translate(coalesce((SELECT string_agg(a.first_name || ' ' || a.last_name, ', ' ORDER BY tm.role, a.last_name) FROM mission_team_members tm JOIN auditors a ON a.id = tm.auditor_id WHERE tm.mission_id = $1), ''), 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')
  FROM (SELECT 1) one LEFT JOIN clients c ON c.id = $2 LEFT JOIN contracts k ON k.id = $3
$$;
--> statement-breakpoint
-- The establishment's name on its invoices and missions (the lists sort on it without a join) and the
-- invoices' search text, filled before the indexes are built. Then kept by the database itself in the
-- statement that changes them, whatever the write path (services, demo, scale seed, restore).
UPDATE "invoices" i SET "client_name" = c."raison_social",
    "search_text" = invoice_search_text(i."number", i."buyer"->>'name', c."raison_social", k."number")
  FROM "clients" c, "contracts" k WHERE c."id" = i."client_id" AND k."id" = i."contract_id";--> statement-breakpoint
UPDATE "missions" m SET "client_name" = c."raison_social", "search_text" = mission_search_text(m."id", m."client_id", m."contract_id")
  FROM "clients" c WHERE c."id" = m."client_id";--> statement-breakpoint
-- A row's copies on insert and when what they come from changes (or someone writes a copy itself). An
-- unknown client or contract leaves '' so the foreign key, not NOT NULL, reports the error.
CREATE FUNCTION invoices_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_name := coalesce((SELECT raison_social FROM clients WHERE id = NEW.client_id), '');
  NEW.search_text := invoice_search_text(NEW.number, NEW.buyer->>'name', NEW.client_name,
    (SELECT number FROM contracts WHERE id = NEW.contract_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_derive BEFORE INSERT OR UPDATE OF client_id, client_name, contract_id, number, buyer, search_text
  ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_derive();
--> statement-breakpoint
CREATE FUNCTION missions_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_name := coalesce((SELECT raison_social FROM clients WHERE id = NEW.client_id), '');
  NEW.search_text := mission_search_text(NEW.id, NEW.client_id, NEW.contract_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER missions_derive BEFORE INSERT OR UPDATE OF client_id, client_name, contract_id, search_text
  ON missions FOR EACH ROW EXECUTE FUNCTION missions_derive();
--> statement-breakpoint
-- An establishment renamed (its invoices' and missions' copies) or moved (its missions' search): one
-- set-based update per statement, which the rows' own trigger completes; a statement that changes none
-- of these fields, like the derived-column updates of 0018, changes nothing here.
CREATE FUNCTION clients_copies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
  described uuid[];
BEGIN
  renamed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE n.raison_social IS DISTINCT FROM o.raison_social);
  described := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                     WHERE (n.raison_social, n.city, n.postal_code, n.finess)
                       IS DISTINCT FROM (o.raison_social, o.city, o.postal_code, o.finess));
  IF cardinality(renamed) > 0 THEN
    UPDATE invoices SET client_name = '' WHERE client_id = ANY(renamed);
  END IF;
  IF cardinality(described) > 0 THEN
    UPDATE missions SET client_name = '' WHERE client_id = ANY(described);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_copies AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_copies_changed();
--> statement-breakpoint
-- A renumbered contract (the application never does it; a correction by hand might): its rows' search.
CREATE FUNCTION contracts_number_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renumbered uuid[];
BEGIN
  renumbered := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                      WHERE n.number IS DISTINCT FROM o.number);
  IF cardinality(renumbered) > 0 THEN
    UPDATE invoices SET search_text = '' WHERE contract_id = ANY(renumbered);
    UPDATE missions SET search_text = '' WHERE contract_id = ANY(renumbered);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contracts_number_copies AFTER UPDATE ON contracts
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contracts_number_changed();
--> statement-breakpoint
-- A team changed (members added, removed or their roles), or an evaluator renamed: the missions' search.
CREATE FUNCTION mission_teams_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT mission_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT mission_id FROM old_rows);
  ELSE
    touched := array(SELECT mission_id FROM new_rows UNION SELECT mission_id FROM old_rows);
  END IF;
  UPDATE missions SET search_text = '' WHERE id = ANY(touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mission_teams_search_insert AFTER INSERT ON mission_team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mission_teams_changed();
--> statement-breakpoint
CREATE TRIGGER mission_teams_search_delete AFTER DELETE ON mission_team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mission_teams_changed();
--> statement-breakpoint
CREATE TRIGGER mission_teams_search_update AFTER UPDATE ON mission_team_members
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mission_teams_changed();
--> statement-breakpoint
CREATE FUNCTION auditors_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
BEGIN
  renamed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name));
  IF cardinality(renamed) > 0 THEN
    UPDATE missions SET search_text = ''
      WHERE id IN (SELECT mission_id FROM mission_team_members WHERE auditor_id = ANY(renamed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auditors_name_copies AFTER UPDATE ON auditors
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auditors_name_changed();
--> statement-breakpoint
-- list_totals: each statement adds what it inserted and takes away what it deleted or replaced, per
-- status, in one upsert; a status whose count and amount do not move is not touched (no lock). The
-- rows are upserted in status order so two statements lock them in the same order.
CREATE FUNCTION list_totals_add(deltas list_totals[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_totals AS t (list, status, count, ttc_cents)
  SELECT d.list, d.status, d.count, d.ttc_cents FROM unnest(deltas) AS d
  WHERE d.count <> 0 OR d.ttc_cents <> 0
  ORDER BY d.list, d.status
  ON CONFLICT (list, status) DO UPDATE
    SET count = t.count + excluded.count, ttc_cents = t.ttc_cents + excluded.ttc_cents;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoices_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_totals WHERE list = 'invoices';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM list_totals_add(array(
      SELECT row('invoices', status, count(*), sum(total_ttc_cents))::list_totals FROM new_rows GROUP BY status));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_totals_add(array(
      SELECT row('invoices', status, -count(*), -sum(total_ttc_cents))::list_totals FROM old_rows GROUP BY status));
  ELSE
    PERFORM list_totals_add(array(
      SELECT row('invoices', status, sum(n), sum(ttc))::list_totals FROM (
        SELECT status, 1 AS n, total_ttc_cents::bigint AS ttc FROM new_rows
        UNION ALL SELECT status, -1, -total_ttc_cents::bigint FROM old_rows) x
      GROUP BY status));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION missions_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_totals WHERE list = 'missions';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM list_totals_add(array(
      SELECT row('missions', status, count(*), 0)::list_totals FROM new_rows GROUP BY status));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM list_totals_add(array(
      SELECT row('missions', status, -count(*), 0)::list_totals FROM old_rows GROUP BY status));
  ELSE
    PERFORM list_totals_add(array(
      SELECT row('missions', status, sum(n), 0)::list_totals FROM (
        SELECT status, 1 AS n FROM new_rows UNION ALL SELECT status, -1 FROM old_rows) x
      GROUP BY status));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_totals_update AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_totals_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_totals_changed();
--> statement-breakpoint
CREATE TRIGGER missions_totals_insert AFTER INSERT ON missions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION missions_totals_changed();
--> statement-breakpoint
CREATE TRIGGER missions_totals_delete AFTER DELETE ON missions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION missions_totals_changed();
--> statement-breakpoint
CREATE TRIGGER missions_totals_update AFTER UPDATE ON missions
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION missions_totals_changed();
--> statement-breakpoint
CREATE TRIGGER missions_totals_truncate AFTER TRUNCATE ON missions
  FOR EACH STATEMENT EXECUTE FUNCTION missions_totals_changed();
--> statement-breakpoint

CREATE INDEX "invoices_list_day_idx" ON "invoices" USING btree (coalesce("issue_date", ("created_at" at time zone 'Europe/Paris')::date) desc,"created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "invoices_list_number_idx" ON "invoices" USING btree ("number","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_due_idx" ON "invoices" USING btree ("due_date","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_ttc_idx" ON "invoices" USING btree ("total_ttc_cents","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_status_idx" ON "invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_client_idx" ON "invoices" USING btree ("client_name","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_list_search_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "missions_list_first_day_idx" ON "missions" USING btree ("first_day","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_first_day_desc_idx" ON "missions" USING btree ("first_day" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_last_day_idx" ON "missions" USING btree ("last_day","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_last_day_desc_idx" ON "missions" USING btree ("last_day" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_name_idx" ON "missions" USING btree (lower(replace(replace(replace(replace(translate("client_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_kind_idx" ON "missions" USING btree ("kind","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_kind_desc_idx" ON "missions" USING btree ("kind" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_search_idx" ON "missions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "missions_list_finalised_idx" ON "missions" USING btree ("client_name","id") WHERE "missions"."status" = 'FINALISED';--> statement-breakpoint
-- Backfill (in the migration's transaction, with the triggers already in place).
INSERT INTO list_totals (list, status, count, ttc_cents)
  SELECT 'invoices', status, count(*), sum(total_ttc_cents) FROM invoices GROUP BY status;
--> statement-breakpoint
INSERT INTO list_totals (list, status, count, ttc_cents)
  SELECT 'missions', status, count(*), 0 FROM missions GROUP BY status;
