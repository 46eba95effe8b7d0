import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { contracts } from "./contracts.js";
import { documents } from "./documents.js";
import { mailOutbox } from "./mail.js";
import { missions } from "./missions.js";
import { clients } from "./parties.js";
import { users } from "./platform.js";

/** Seller or buyer as printed on an issued invoice (frozen at issue: the invoice never changes). */
export interface InvoicePartySnapshot {
  name: string;
  legalForm: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  email: string | null;
}

/** What the invoice says of payment: terms, penalties, bank details (frozen at issue). */
export interface InvoiceTermsSnapshot {
  paymentTermsDays: number;
  latePenaltyRate: string;
  iban: string | null;
  bic: string | null;
}

/**
 * The day of an invoice in the list: its issue date, or for a draft the day (in Paris, as every business
 * date) it was created. `at time zone 'Europe/Paris'` keeps the expression immutable, hence indexable
 * (`created_at::date` would depend on the session's time zone).
 */
export const listDaySql = (t: { issueDate: AnyPgColumn; createdAt: AnyPgColumn }) =>
  sql`coalesce(${t.issueDate}, (${t.createdAt} at time zone 'Europe/Paris')::date)`;

/**
 * Client invoices and credit notes. A draft (INVOICE_PREPARE, no number) is edited with its version;
 * issuing takes the next number of the INVOICE series in the same transaction and freezes the row:
 * lines, parties and totals never change after (a mistake is corrected by a credit note, a row of
 * kind CREDIT_NOTE whose `credited_invoice_id` points at the invoice: one that cancels it, or several
 * partial ones). Amounts in cents.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("INVOICE_PREPARE"),
    number: text("number"),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id),
    missionId: uuid("mission_id").references(() => missions.id),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id),
    /**
     * The establishment's name (clients.raison_social), copied by triggers (migration
     * 0024_money_lists) so the list's "client" sort is an index walk; never written by the application.
     */
    clientName: text("client_name").notNull().default(""),
    /**
     * What the list's search reads, folded as the search folds (lib/search-text.ts): the number, the
     * buyer's name, the establishment's name and the contract's number, one per line. Kept by a trigger
     * (migration 0024_money_lists) and indexed by trigrams; never written by the application.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The list's row (shared InvoiceRow) as ASCII JSON text, but for "overdue", which depends on the day and is
     * added at each read: kept by a trigger (migration 0052_invoice_list_row, invoice_list_row) so that a page
     * reads fifty texts instead of building fifty objects from three tables. Never written by the application.
     */
    listRow: text("list_row"),
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    creditReason: text("credit_reason"),
    issueDate: date("issue_date"),
    dueDate: date("due_date"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    seller: jsonb("seller").$type<InvoicePartySnapshot>(),
    buyer: jsonb("buyer").$type<InvoicePartySnapshot>().notNull(),
    terms: jsonb("terms").$type<InvoiceTermsSnapshot>(),
    buyerSiret: text("buyer_siret"),
    serviceCode: text("service_code"),
    engagementNumber: text("engagement_number"),
    notes: text("notes"),
    totalHtCents: integer("total_ht_cents").notNull().default(0),
    totalVatCents: integer("total_vat_cents").notNull().default(0),
    totalTtcCents: integer("total_ttc_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    creditedCents: integer("credited_cents").notNull().default(0),
    documentId: uuid("document_id").references(() => documents.id),
    /**
     * The mail that sends (or last sent) the invoice to the client ("Envoyer"). The invoice moves from
     * INVOICE_ISSUED to INVOICE_SEND only when the mail worker marks that mail sent (markInvoiceSent).
     */
    sendMailId: uuid("send_mail_id").references(() => mailOutbox.id),
    /** When the sending mail left (null: never sent). The unpaid delay counts from here (alerts, reminders). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_credited_idx").on(t.creditedInvoiceId),
    index("invoices_contract_idx").on(t.contractId),
    index("invoices_mission_idx").on(t.missionId),
    // The alerts' "no live balance / deposit invoice yet" (alerts/rules/invoice-*.ts, liveInvoice): an
    // anti-join read from these small indexes, not from the 100,000 invoices (50 → 25 and 59 → 10 ms).
    index("invoices_live_balance_idx").on(t.missionId).where(sql`${t.kind} = 'BALANCE' and ${t.creditedCents} = 0`),
    index("invoices_live_deposit_idx").on(t.contractId).where(sql`${t.kind} = 'DEPOSIT' and ${t.creditedCents} = 0`),
    index("invoices_client_idx").on(t.clientId),
    index("invoices_status_idx").on(t.status, t.issueDate),
    // The list's sorts (invoices.repository.ts, LIST_SORTS): each key, then created_at and id as the list
    // orders them, so a page is an index walk in either direction (the other direction re-sorts only the
    // rows sharing a key and an instant). The day is the one the list shows and filters on.
    index("invoices_list_day_idx").on(sql`${listDaySql(t)} desc`, t.createdAt.desc().nullsFirst(), t.id),
    // A status tab in the default order: a walk of the tab's rows, not a sort of them all (2,000 invoices to
    // prepare on the scale base: 2.7 → 0.6 ms a page).
    index("invoices_list_status_day_idx").on(
      t.status,
      sql`${listDaySql(t)} desc`,
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    index("invoices_list_number_idx").on(t.number, t.createdAt, t.id),
    index("invoices_list_due_idx").on(t.dueDate, t.createdAt, t.id),
    index("invoices_list_ttc_idx").on(t.totalTtcCents, t.createdAt, t.id),
    index("invoices_list_status_idx").on(t.status, t.createdAt, t.id),
    index("invoices_list_client_idx").on(t.clientName, t.createdAt, t.id),
    index("invoices_list_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("invoices_issued_numbered", sql`(${t.status} = 'INVOICE_PREPARE') = (${t.number} is null)`),
    // Never paid nor credited beyond the total; paid + credited above it is a refund owed to the client.
    check("invoices_paid_le_total", sql`${t.paidCents} <= ${t.totalTtcCents}`),
    check("invoices_credited_le_total", sql`${t.creditedCents} <= ${t.totalTtcCents}`),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    label: text("label").notNull(),
    quantity: numeric("quantity", { precision: 8, scale: 2, mode: "number" }).notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 3, mode: "number" }).notNull(),
    totalHtCents: integer("total_ht_cents").notNull(),
    /** The rebilled expense this TRAVEL line bills (its identity survives label edits); no FK: expenses own the link. */
    expenseId: uuid("expense_id"),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

/** Payments received, append-only; the invoice's `paid_cents` is their sum. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    date: date("date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    method: text("method").notNull(),
    reference: text("reference"),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoice_payments_invoice_idx").on(t.invoiceId, t.date)],
);

/** One row per reminder sent: (invoice, step) is unique, so two servers never send the same one twice. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    afterDays: integer("after_days").notNull(),
    mailId: uuid("mail_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invoice_reminders_key").on(t.invoiceId, t.afterDays)],
);

/** Settings › Facturation (one row). The accounts of the exports are Settings › Comptabilité's (accounting_settings). */
export const invoiceSettings = pgTable("invoice_settings", {
  id: integer("id").primaryKey().default(1),
  paymentTermsDays: integer("payment_terms_days").notNull().default(30),
  latePenaltyRate: text("late_penalty_rate").notNull().default("trois fois le taux d'intérêt légal"),
  depositPercent: numeric("deposit_percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(30),
  reminderDays: jsonb("reminder_days").$type<number[]>().notNull().default([15, 30, 45]),
  iban: text("iban"),
  bic: text("bic"),
  version: versionColumn(),
  ...timestamps,
});
