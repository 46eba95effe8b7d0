import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { invoicePayments, invoices } from "./invoices.js";
import { clients } from "./parties.js";
import { users } from "./platform.js";

/**
 * Settings › Comptabilité (one row, id 1): the accounts and journals of the FEC. Seeded by migration
 * 0065 from the accounts the CSV sales journal used (invoice_settings).
 */
export const accountingSettings = pgTable("accounting_settings", {
  id: integer("id").primaryKey().default(1),
  salesJournalCode: text("sales_journal_code").notNull().default("VE"),
  salesJournalLabel: text("sales_journal_label").notNull().default("Journal des ventes"),
  bankJournalCode: text("bank_journal_code").notNull().default("BQ"),
  bankJournalLabel: text("bank_journal_label").notNull().default("Banque"),
  customerAccount: text("customer_account").notNull().default("411000"),
  /** Each client's auxiliary account is this prefix and a code derived from its name (client_accounts). */
  auxiliaryPrefix: text("auxiliary_prefix").notNull().default("411"),
  salesAccount20: text("sales_account_20").notNull().default("706000"),
  salesAccount85: text("sales_account_85").notNull().default("706100"),
  salesAccountExempt: text("sales_account_exempt").notNull().default("706200"),
  vatAccount20: text("vat_account_20").notNull().default("445712"),
  vatAccount85: text("vat_account_85").notNull().default("445713"),
  bankAccount: text("bank_account").notNull().default("512000"),
  version: versionColumn(),
  ...timestamps,
});

/**
 * Each client's auxiliary account (CompAuxNum of the FEC), given once and never changed: an accountant
 * who imported last year's FEC finds the same client under the same account, even after a rename.
 */
export const clientAccounts = pgTable(
  "client_accounts",
  {
    clientId: uuid("client_id")
      .primaryKey()
      .references(() => clients.id),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("client_accounts_code_key").on(t.code)],
);

/** A bank statement file imported by the accounting staff (camt.053 or CSV). */
export const bankStatements = pgTable("bank_statements", {
  id: uuid("id").primaryKey().defaultRandom(),
  format: text("format").notNull(),
  fileName: text("file_name").notNull(),
  accountIban: text("account_iban"),
  /** Credit lines added by this import; lines already imported by an earlier one are not added again. */
  addedCount: integer("added_count").notNull(),
  importedBy: uuid("imported_by").references(() => users.id),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A credit line of a statement. `line_key` is the line's identity at the bank (camt AcctSvcrRef or NtryRef,
 * or a hash of date, amount, label and rank among identical lines): unique, so importing the same statement
 * twice adds nothing and a payment is never recorded twice. TO_MATCH, MATCHED (its payments in
 * bank_line_payments) or IGNORED.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id),
    lineKey: text("line_key").notNull(),
    bookingDate: date("booking_date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    label: text("label").notNull(),
    reference: text("reference"),
    counterparty: text("counterparty"),
    status: text("status").notNull().default("TO_MATCH"),
    decidedBy: uuid("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    version: versionColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_statement_lines_key").on(t.lineKey),
    index("bank_statement_lines_status_idx").on(t.status, t.bookingDate, t.id),
    index("bank_statement_lines_date_idx").on(t.bookingDate, t.id),
  ],
);

/** The payments a matched line recorded (one per invoice it pays). */
export const bankLinePayments = pgTable(
  "bank_line_payments",
  {
    lineId: uuid("line_id")
      .notNull()
      .references(() => bankStatementLines.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => invoicePayments.id),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    uniqueIndex("bank_line_payments_payment_key").on(t.paymentId),
    index("bank_line_payments_line_idx").on(t.lineId),
  ],
);
