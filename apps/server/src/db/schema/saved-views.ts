import { index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { profiles, users } from "./platform.js";

/**
 * A named view of a list (issue 40): its address query (filters, sort, search) and its columns in their
 * order (null: the list's own). Its owner manages it; shared with a profile, the users of that profile
 * see it read-only. Deleted with its owner's account (ON DELETE CASCADE: nobody else may edit it).
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listKey: text("list_key").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull().default(""),
    columns: jsonb("columns").$type<string[]>(),
    sharedProfileType: text("shared_profile_type").references(() => profiles.profileType),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    unique("saved_views_owner_list_name_key").on(t.ownerId, t.listKey, t.name),
    index("saved_views_shared_idx").on(t.listKey, t.sharedProfileType),
  ],
);
