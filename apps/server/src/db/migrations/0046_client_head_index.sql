-- The head of an alert's row about a contract is its first establishment by name, read for every case
-- (sql-helpers.ts contractClientColumns: five establishments a contract, sorted). From this index alone,
-- without the establishments' rows (each ~1 kB with its list_row): an alert page of 10,000 contracts
-- without a deadline took 280 ms with the lookups in the table, 210 ms here (docs/performance.md,
-- 28 novembre, fin de matinée). Not declared in the schema: drizzle cannot declare INCLUDE.
CREATE INDEX IF NOT EXISTS "clients_head_idx" ON "clients" USING btree ("id") INCLUDE ("raison_social", "postal_code");
