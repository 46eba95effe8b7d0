import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The number of rows of a list's unfiltered view, kept by statement-level triggers in the transaction
 * that changes it (migration 0020_list_counts): the default page of a large list reads its total here
 * instead of counting thousands of rows on every request. Derived data: left out of backups and rebuilt
 * by the triggers when a backup is restored (emptied with the other tables, the inserts count again).
 */
export const listCounts = pgTable("list_counts", {
  list: text("list").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull(),
});
