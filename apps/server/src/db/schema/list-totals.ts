import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * How many invoices and missions there are in each stored status (and the invoices' TTC total): what
 * the unfiltered lists show in their tabs and totals, read in one row each instead of counting
 * 100,000 invoices per request. Kept by statement-level triggers on `invoices` and `missions` in the
 * transaction of every write (migration 0024_money_lists), rebuilt on TRUNCATE; derived, restored as saved
 * with the triggers off (db/backup/dump-database.ts). Filtered lists still count their rows.
 */
export const listTotals = pgTable(
  "list_totals",
  {
    /** "invoices" or "missions". */
    list: text("list").notNull(),
    status: text("status").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    /** The invoices' sum of total_ttc_cents (0 for missions). */
    ttcCents: bigint("ttc_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.status] })],
);
