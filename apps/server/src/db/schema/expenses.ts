import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { documents } from "./documents.js";
import { invoices } from "./invoices.js";
import { missions } from "./missions.js";
import { auditors, fareClasses } from "./parties.js";
import { users } from "./platform.js";

/**
 * An evaluator's expense on a mission (transport, lodging, meal) with its receipt (a document of the
 * mission, meta code MISSION_FRAIS). Amounts in cents; a car's amount is its kilometres at the rate
 * of the Settings, frozen on the line. SUBMITTED → APPROVED → REIMBURSED, or REJECTED with a reason.
 */
export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    kind: text("kind").notNull(),
    date: date("date").notNull(),
    description: text("description").notNull().default(""),
    transportMode: text("transport_mode"),
    fareClassId: uuid("fare_class_id").references(() => fareClasses.id, { onDelete: "set null" }),
    kilometres: numeric("kilometres", { precision: 8, scale: 1, mode: "number" }),
    kmRate: numeric("km_rate", { precision: 6, scale: 3, mode: "number" }),
    amountCents: integer("amount_cents").notNull(),
    receiptDocumentId: uuid("receipt_document_id").references(() => documents.id),
    status: text("status").notNull().default("SUBMITTED"),
    rejectionReason: text("rejection_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    reimbursedOn: date("reimbursed_on"),
    /**
     * The client invoice that rebills this expense ("frais en sus"): set when a balance draft takes it,
     * cleared when its line is removed from the draft, when the draft is deleted (set null) or when a
     * credit note cancels the issued invoice. Null = not billed yet.
     */
    rebilledInvoiceId: uuid("rebilled_invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    index("expenses_mission_idx").on(t.missionId, t.auditorId),
    index("expenses_auditor_idx").on(t.auditorId, t.date),
    index("expenses_rebilled_invoice_idx").on(t.rebilledInvoiceId),
  ],
);

/** Settings › Frais: the mileage rate in euros per kilometre, the satisfaction questionnaire's delay (one row, id 1). */
export const expenseSettings = pgTable("expense_settings", {
  id: integer("id").primaryKey().default(1),
  kmRate: numeric("km_rate", { precision: 6, scale: 3, mode: "number" }).notNull().default(0.603),
  /** The satisfaction questionnaire is mailed this many days after the visit's last day; null: by hand only. */
  satisfactionAfterDays: integer("satisfaction_after_days").default(1),
  /** An expense dated more than this many days outside the mission's dates is flagged to the staff. */
  dateMarginDays: integer("date_margin_days").notNull().default(7),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A freelance evaluator's invoice for a mission (meta code MISSION_FACTURE): its amount is checked
 * against the agreed daily fee × the mission's days; TO_PAY → PAID. One per evaluator and mission:
 * a new upload replaces it while it is unpaid.
 */
export const auditorFeeInvoices = pgTable(
  "auditor_fee_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    number: text("number").notNull(),
    amountCents: integer("amount_cents").notNull(),
    days: numeric("days", { precision: 5, scale: 2, mode: "number" }).notNull(),
    dailyFeeCents: integer("daily_fee_cents"),
    expectedCents: integer("expected_cents"),
    documentId: uuid("document_id").references(() => documents.id),
    status: text("status").notNull().default("TO_PAY"),
    paidOn: date("paid_on"),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("auditor_fee_invoices_mission_auditor_key").on(t.missionId, t.auditorId),
    index("auditor_fee_invoices_auditor_idx").on(t.auditorId),
  ],
);

/** The spec's RefCriteria of an evaluator on a mission: point (1–5) and commentary, null until scored. */
export const performanceScores = pgTable(
  "performance_scores",
  {
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    criterion: text("criterion").notNull(),
    point: smallint("point"),
    commentary: text("commentary"),
    scoredBy: text("scored_by"),
    scoredAt: timestamp("scored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.missionId, t.auditorId, t.criterion] }),
    index("performance_scores_auditor_idx").on(t.auditorId, t.criterion),
  ],
);

/**
 * The version of an evaluator's scores on a mission: each save claims the version it was read at
 * (0 before the first), so two people scoring at once cannot overwrite each other silently.
 */
export const performanceReviews = pgTable(
  "performance_reviews",
  {
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.missionId, t.auditorId] })],
);

/**
 * The satisfaction questionnaire of a mission (MISSION_SATISFACTION_IN_EMAIL): mailed to the ESSMS
 * with a signed link to a public form, answered once before `expires_at`; the answers are kept here
 * and as a document (PERFORMENCE_CRITERIA_DOC). `sent_to_auditors_at`: sendSatisfactionToAuditor.
 */
export const satisfactionSurveys = pgTable(
  "satisfaction_surveys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id),
    sentTo: text("sent_to").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answers: jsonb("answers").$type<Record<string, number>>(),
    comment: text("comment"),
    documentId: uuid("document_id").references(() => documents.id),
    sentToAuditorsAt: timestamp("sent_to_auditors_at", { withTimezone: true }),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [uniqueIndex("satisfaction_surveys_mission_key").on(t.missionId)],
);
