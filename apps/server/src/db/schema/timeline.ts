import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "./parties.js";
import { users } from "./platform.js";
import { requestClients } from "./prospects.js";

/**
 * Comments and follow-ups written on a client's or a prospect's timeline. The current follow-up
 * date lives on the client / request row (date_relance); each change is also an entry here.
 * Kinds: COMMENT, FOLLOW_UP_SET, FOLLOW_UP_CLEARED.
 */
export const timelineEntries = pgTable(
  "timeline_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => requestClients.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    text: text("text"),
    followUpDate: date("follow_up_date"),
    authorId: uuid("author_id").references(() => users.id),
    authorLabel: text("author_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("timeline_entries_client_idx").on(t.clientId, t.createdAt),
    index("timeline_entries_request_idx").on(t.requestId, t.createdAt),
  ],
);
