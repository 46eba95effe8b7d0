import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { documents } from "./documents.js";
import { missions } from "./missions.js";
import { users } from "./platform.js";

/**
 * What the ESSMS answers from its portal, append-only: its answer to the proposed team (ACCEPT or
 * OBJECT, with the team it answered, so a later change of team asks again) and its observations on
 * the preliminary report (text, optional file).
 */
export const missionClientAnswers = pgTable(
  "mission_client_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    /** TEAM or OBSERVATIONS. */
    kind: text("kind").notNull(),
    /** For TEAM: ACCEPT or OBJECT. */
    decision: text("decision"),
    /** The objection's reason, or the observations' text. */
    text: text("text"),
    /** For TEAM: the evaluators' ids answered for. */
    team: jsonb("team").$type<string[]>(),
    documentId: uuid("document_id").references(() => documents.id),
    answeredBy: uuid("answered_by").references(() => users.id),
    answeredByLabel: text("answered_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mission_client_answers_mission_idx").on(t.missionId, t.kind, t.createdAt)],
);
