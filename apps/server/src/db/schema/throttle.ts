import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempt counters of the sign-in and password-reset throttles, shared by every server on the same
 * database: one row per counter (`login:pair:<hash>`…), `hits` in the window that ends at `expiresAt`
 * (an upsert starts a new window once it has passed). Also the "known address" marks of a sign-in
 * (`login:known:<hash>`, valid until `expiresAt`). Keys hash the identifier and the address. Expired
 * rows are deleted as the throttle goes.
 */
export const throttleCounters = pgTable(
  "throttle_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("throttle_counters_expires_idx").on(t.expiresAt)],
);
