import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { documents } from "./documents.js";
import { users } from "./platform.js";

/**
 * The wall's posts. `audience` holds "STAFF" (every staff profile) and/or profile types
 * (e.g. AUDITEUR, CPI): a user sees a post addressed to them, or their own.
 */
export const wallPosts = pgTable(
  "wall_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    text: text("text").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    audience: text("audience").array().notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [index("wall_posts_feed_idx").on(t.pinned, t.createdAt)],
);

/** Library documents attached to a post, in the author's order; a deleted document drops out. */
export const wallPostDocuments = pgTable(
  "wall_post_documents",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => wallPosts.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.documentId] })],
);

export const wallComments = pgTable(
  "wall_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => wallPosts.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [index("wall_comments_post_idx").on(t.postId, t.createdAt)],
);

/** Read receipts ("Lu par"): one row per reader and post, the first reading kept. */
export const wallReads = pgTable(
  "wall_reads",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => wallPosts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("wall_reads_user_idx").on(t.userId)],
);
