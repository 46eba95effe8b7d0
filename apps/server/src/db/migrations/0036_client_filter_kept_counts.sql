-- The totals of the client list's two filters that do not depend on the day ("sans date d'évaluation",
-- "évaluation terminée") are kept in list_counts beside the unfiltered one (migration 0020), by the same
-- trigger: counting them took half the SQL of their page once the rows were kept (0035). Keys:
-- 'clients', 'clients:NO_EVALUATION_DATE', 'clients:EVALUATION_FINISH'. The dated filters' totals move with
-- the day and are still counted.
CREATE FUNCTION clients_counted_lists(client_since timestamptz, evaluation_date date, finished date)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN client_since IS NULL THEN '{}'::text[]
    WHEN finished IS NOT NULL THEN array['clients', 'clients:EVALUATION_FINISH']
    WHEN evaluation_date IS NULL THEN array['clients', 'clients:NO_EVALUATION_DATE']
    ELSE array['clients']
  END
$$;
--> statement-breakpoint
-- Rows entering a list minus rows leaving it, per list; only a list whose total changes is written, so an
-- ordinary edit of a client locks no counter row.
CREATE OR REPLACE FUNCTION clients_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entered text[] := '{}';
  gone text[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_counts SET n = 0 WHERE list LIKE 'clients%';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    entered := array(SELECT l FROM new_rows r,
      unnest(clients_counted_lists(r.client_since, r.evaluation_date, r.evaluation_finished_at)) l);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    gone := array(SELECT l FROM old_rows r,
      unnest(clients_counted_lists(r.client_since, r.evaluation_date, r.evaluation_finished_at)) l);
  END IF;
  -- An upsert: a restored backup empties list_counts with the other tables, then counts its rows again.
  INSERT INTO list_counts (list, n)
  SELECT d.list, sum(d.n) FROM (
    SELECT unnest(entered) AS list, 1 AS n
    UNION ALL
    SELECT unnest(gone), -1
  ) d
  GROUP BY d.list HAVING sum(d.n) <> 0
  -- One order for every statement: two writing at once lock the counter rows in the same order.
  ORDER BY d.list
  ON CONFLICT (list) DO UPDATE SET n = list_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Both counters, even at zero. (A counter row missing, after a restore of a base without such clients, reads as 0.)
INSERT INTO list_counts (list, n)
SELECT k.list, (SELECT count(*) FROM clients
  WHERE k.list = ANY(clients_counted_lists(client_since, evaluation_date, evaluation_finished_at)))
FROM (VALUES ('clients:NO_EVALUATION_DATE'), ('clients:EVALUATION_FINISH')) k(list)
ON CONFLICT (list) DO UPDATE SET n = excluded.n;
