import { date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { users } from "./platform.js";

/**
 * What users did to an alert, keyed by its stable id `${alertType}:${recordId}`. Alerts themselves
 * are computed from the data; a row here hides one (REMOVED, ARCHIVED, HANDLED, CONFIRMED; POSTPONED
 * until `date`), or only tells its HISTORY (COMMENTED, SATISFACTION_SENT).
 */
export const alertActions = pgTable(
  "alert_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alertKey: text("alert_key").notNull(),
    alertType: text("alert_type").notNull(),
    action: text("action").notNull(),
    text: text("text"),
    /** POSTPONED: the day the alert comes back. */
    date: date("date"),
    /** The case's due date when the action was taken: a hiding action hides that case, not a later one (a new follow-up date). */
    dueDate: date("due_date"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("alert_actions_key_idx").on(t.alertKey, t.action), index("alert_actions_type_idx").on(t.alertType)],
);

/** Settings › Alertes: a rule's threshold in days (key = the rule's code); absent = the rule's default. */
export const alertSettings = pgTable("alert_settings", {
  code: text("code").primaryKey(),
  days: integer("days").notNull(),
  version: versionColumn(),
  ...timestamps,
});
