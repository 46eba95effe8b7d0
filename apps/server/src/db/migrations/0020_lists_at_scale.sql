-- Trigram indexes for the lists' searches: pg_trgm ships with PostgreSQL; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log_counts" (
	"entity_type" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_log_counts_key" UNIQUE NULLS NOT DISTINCT("entity_type","action","actor_id")
);
--> statement-breakpoint
DROP INDEX "audit_occurred_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_text" text GENERATED ALWAYS AS (replace(replace(replace(replace(translate("summary", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE') || ' ' || replace(replace(replace(replace(translate("actor_label", 'àâäáãéèêëíìîïóòôöõúùûüçñÀÂÄÁÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'), 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE')) STORED;--> statement-breakpoint
CREATE INDEX "audit_actor_label_idx" ON "audit_log" USING btree ("actor_label","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_type_idx" ON "audit_log" USING btree ("entity_type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id","occurred_at","id") WHERE "audit_log"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_search_idx" ON "audit_log" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_occurred_idx" ON "audit_log" USING btree ("occurred_at","id");--> statement-breakpoint
-- The journal's counts per element, action and author, kept in the statement that writes the journal (the
-- services' writeAudit, the demo, the scale seed's INSERT … SELECT of 100,000 rows, a restore): one grouped
-- upsert per statement. The journal is append-only; deletes, updates and TRUNCATE (a restore) are counted
-- too, so the total stays exact whatever writes it.
CREATE FUNCTION audit_log_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_log_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE audit_log_counts c SET n = c.n - o.n
    FROM (SELECT entity_type, action, actor_id, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE c.entity_type = o.entity_type AND c.action = o.action AND c.actor_id IS NOT DISTINCT FROM o.actor_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- In key order: two transactions upserting the same keys lock them in the same order.
    INSERT INTO audit_log_counts AS c (entity_type, action, actor_id, n)
    SELECT entity_type, action, actor_id, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (entity_type, action, actor_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO audit_log_counts (entity_type, action, actor_id, n)
SELECT entity_type, action, actor_id, count(*) FROM audit_log GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_update AFTER UPDATE ON audit_log
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
--> statement-breakpoint
CREATE TRIGGER audit_log_counts_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_count_rows();
