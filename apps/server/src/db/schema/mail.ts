import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { documents } from "./documents.js";
import { clients } from "./parties.js";
import { users } from "./platform.js";

/** Templates of the mails the trade sends (Settings › E-mails), with {{variables}}. */
export const mailTemplates = pgTable(
  "mail_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    description: text("description"),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [uniqueIndex("mail_templates_code_key").on(t.code)],
);

/** Group e-mail lists (Settings › E-mails groupés). */
export const mailGroups = pgTable("mail_groups", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description"),
  emails: jsonb("emails").$type<string[]>().notNull().default([]),
  version: versionColumn(),
  ...timestamps,
});

/**
 * Every mail goes here first, then out through SMTP; retried with back-off, never lost.
 * Status QUEUED (waiting, or SMTP not configured), SENT, FAILED (retrying; see next_attempt_at).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateCode: text("template_code"),
    to: jsonb("to").$type<string[]>().notNull(),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    messageId: text("message_id"),
    // A mail carrying a secret (password reset link): its body is never shown in the mail screen.
    containsSecret: boolean("contains_secret").notNull().default(false),
    clientId: uuid("client_id").references(() => clients.id),
    missionId: uuid("mission_id"),
    relatedType: text("related_type"),
    relatedId: text("related_id"),
    createdBy: uuid("created_by").references(() => users.id),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

export const mailAttachments = pgTable("mail_attachments", {
  id: uuid("id").primaryKey().defaultRandom(),
  mailId: uuid("mail_id")
    .notNull()
    .references(() => mailOutbox.id, { onDelete: "cascade" }),
  documentId: uuid("document_id")
    .notNull()
    .references(() => documents.id),
  fileName: text("file_name").notNull(),
});
