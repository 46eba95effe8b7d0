import { sql } from "drizzle-orm";
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
    /**
     * The list's row (shared MailRow) as JSON text, kept by the database (migration 0048_mail_list_row,
     * mail_list_row): a page reads fifty texts instead of building fifty objects from four tables.
     */
    listRow: text("list_row"),
    /**
     * What the list's search reads (storedTextLike): the subject, folded, the recipients' addresses and the
     * establishment's name, folded (its list_name_key), all lower-cased. Kept by the database with the row
     * (migration 0059_mail_search_text_kept, mail_search_text): a search then reads the mails alone, where
     * it joined the establishment of every mail it walked.
     */
    searchText: text("search_text"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    // An establishment's mails (the list filtered by it, its renaming rewriting their rows).
    index("mail_outbox_client_idx").on(t.clientId),
    // A mission's mails (the mission's "E-mails" tab: the list filtered by it), newest first.
    index("mail_outbox_mission_idx").on(t.missionId, t.createdAt).where(sql`${t.deletedAt} is null`),
    // The mail list's sorts (mail.repository.ts) over the live mails, ties by id descending: ascending keys
    // read (key, id desc) forwards, descending ones (key, id) backwards.
    index("mail_outbox_list_created_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_subject_asc_idx")
      .on(t.subject, t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_subject_desc_idx").on(t.subject, t.id).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_status_asc_idx").on(t.status, t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_status_desc_idx").on(t.status, t.id).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_sent_asc_idx").on(t.sentAt, t.id.desc().nullsFirst()).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_list_sent_desc_idx").on(t.sentAt, t.id).where(sql`${t.deletedAt} is null`),
    index("mail_outbox_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mailId: uuid("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id),
    fileName: text("file_name").notNull(),
  },
  // A list page reads the attachments of its mails: without it, the whole table for each page.
  (t) => [index("mail_attachments_mail_idx").on(t.mailId)],
);
