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
ALTER TABLE "missions" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The establishment's name on its invoices and missions (the lists sort on it without a join), copied
-- before the indexes are built. Then kept by the database itself in the statement that changes it,
-- whatever the write path (services, demo, scale seed, restore).
UPDATE "invoices" i SET "client_name" = c."raison_social" FROM "clients" c WHERE c."id" = i."client_id";--> statement-breakpoint
UPDATE "missions" m SET "client_name" = c."raison_social" FROM "clients" c WHERE c."id" = m."client_id";--> statement-breakpoint
-- A row's copy on insert and when its establishment changes (or someone writes the copy itself). An
-- unknown client leaves '' so the foreign key, not NOT NULL, reports the error.
CREATE FUNCTION copy_client_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_name := coalesce((SELECT raison_social FROM clients WHERE id = NEW.client_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_client_name BEFORE INSERT OR UPDATE OF client_id, client_name ON invoices
  FOR EACH ROW EXECUTE FUNCTION copy_client_name();
--> statement-breakpoint
CREATE TRIGGER missions_client_name BEFORE INSERT OR UPDATE OF client_id, client_name ON missions
  FOR EACH ROW EXECUTE FUNCTION copy_client_name();
--> statement-breakpoint
-- A renamed establishment: its invoices' and missions' copies (one set-based update per statement; a
-- statement that renames nothing, like the derived-column updates of 0018, changes nothing here).
CREATE FUNCTION clients_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
BEGIN
  renamed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                   WHERE n.raison_social IS DISTINCT FROM o.raison_social);
  IF cardinality(renamed) > 0 THEN
    UPDATE invoices i SET client_name = c.raison_social FROM clients c
      WHERE c.id = i.client_id AND i.client_id = ANY(renamed);
    UPDATE missions m SET client_name = c.raison_social FROM clients c
      WHERE c.id = m.client_id AND m.client_id = ANY(renamed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_name_copies AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_name_changed();
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
CREATE INDEX "missions_list_first_day_idx" ON "missions" USING btree ("first_day","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_first_day_desc_idx" ON "missions" USING btree ("first_day" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_last_day_idx" ON "missions" USING btree ("last_day","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_last_day_desc_idx" ON "missions" USING btree ("last_day" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_name_idx" ON "missions" USING btree (lower(replace(replace(replace(replace(translate("client_name", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')),"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_kind_idx" ON "missions" USING btree ("kind","client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_kind_desc_idx" ON "missions" USING btree ("kind" DESC NULLS LAST,"client_name","id");--> statement-breakpoint
CREATE INDEX "missions_list_finalised_idx" ON "missions" USING btree ("client_name","id") WHERE "missions"."status" = 'FINALISED';--> statement-breakpoint
-- Backfill (in the migration's transaction, with the triggers already in place).
INSERT INTO list_totals (list, status, count, ttc_cents)
  SELECT 'invoices', status, count(*), sum(total_ttc_cents) FROM invoices GROUP BY status;
--> statement-breakpoint
INSERT INTO list_totals (list, status, count, ttc_cents)
  SELECT 'missions', status, count(*), 0 FROM missions GROUP BY status;
