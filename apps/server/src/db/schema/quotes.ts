import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { documents } from "./documents.js";
import { users } from "./platform.js";
import { requestClients } from "./prospects.js";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * Numbering series (Settings › Numérotation): a mask such as "D-{YYYY}-{NNNN}" and the last number
 * given. The counter moves by UPDATE … RETURNING inside the caller's transaction: concurrent
 * creations queue on the row, and a rolled-back creation gives its number back.
 */
export const numberingSeries = pgTable("numbering_series", {
  code: text("code").primaryKey(),
  label: text("label").notNull(),
  mask: text("mask").notNull(),
  year: integer("year").notNull(),
  counter: integer("counter").notNull().default(0),
  version: versionColumn(),
  ...timestamps,
});

/** A quote for a request; a new version keeps the number and increments the revision. */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requestClients.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    revision: integer("revision").notNull().default(1),
    status: text("status").notNull().default("DRAFT"),
    vatRate: numeric("vat_rate", { precision: 5, scale: 3, mode: "number" }).notNull(),
    travelExpenseMode: smallint("travel_expense_mode").notNull(),
    travelExpenseAmount: money("travel_expense_amount"),
    totalHT: money("total_ht").notNull(),
    totalVAT: money("total_vat").notNull(),
    totalTTC: money("total_ttc").notNull(),
    validUntil: date("valid_until"),
    notes: text("notes"),
    documentId: uuid("document_id").references(() => documents.id),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    refusalReason: text("refusal_reason"),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("quotes_number_revision_key").on(t.number, t.revision),
    index("quotes_request_idx").on(t.requestId),
  ],
);

export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    service: text("service").notNull(),
    days: numeric("days", { precision: 6, scale: 2, mode: "number" }).notNull(),
    unitPrice: money("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    total: money("total").notNull(),
  },
  (t) => [index("quote_lines_quote_idx").on(t.quoteId, t.position)],
);
