import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { versionColumn } from "./columns.js";
import { mailOutbox } from "./mail.js";
import { users } from "./platform.js";

/** Settings › Alertes: the hour (Paris time) the daily digest of alerts leaves (one row, id 1). */
export const alertDigestSettings = pgTable("alert_digest_settings", {
  id: integer("id").primaryKey().default(1),
  hour: integer("hour").notNull().default(7),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per user and Paris day the digest was computed for: the primary key is the claim, taken
 * in the same transaction as the mail, so with several servers each user gets at most one a day.
 * `mail_id` is null when there was nothing new (no mail).
 */
export const alertDigests = pgTable(
  "alert_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    alertCount: integer("alert_count").notNull(),
    mailId: uuid("mail_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The alerts (stable keys `${alertType}:${recordId}`) a user's digest already listed: the next one
 * lists only the others. A key whose alert went away is dropped, so an alert that comes back is new again.
 */
export const alertDigestSeen = pgTable(
  "alert_digest_seen",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertKey: text("alert_key").notNull(),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alertKey] })],
);
