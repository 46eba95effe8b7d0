import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The number of rows of a list's unfiltered view, kept by statement-level triggers in the transaction
 * that changes it (migration 0020_list_counts): the default page of a large list reads its total here
 * instead of counting thousands of rows on every request. Derived data: a backup saves it as it is and
 * restores it with the triggers off (db/backup/dump-database.ts), so it comes back equal to its rows.
 */
export const listCounts = pgTable("list_counts", {
  list: text("list").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull(),
});

/**
 * A data version per list whose searched totals servers remember (lib/versioned-totals.ts): a fresh value
 * of `list_version_seq` written at the commit of every transaction that changes the list's table
 * (migration 0041_list_versions). A total counted in the statement that read version V stays right for as
 * long as V is the version. Derived: emptied by a restore, which writes a fresh value again.
 */
export const listVersions = pgTable("list_versions", {
  list: text("list").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
