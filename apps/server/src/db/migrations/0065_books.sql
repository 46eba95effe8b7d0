CREATE TABLE "accounting_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sales_journal_code" text DEFAULT 'VE' NOT NULL,
	"sales_journal_label" text DEFAULT 'Journal des ventes' NOT NULL,
	"bank_journal_code" text DEFAULT 'BQ' NOT NULL,
	"bank_journal_label" text DEFAULT 'Banque' NOT NULL,
	"customer_account" text DEFAULT '411000' NOT NULL,
	"auxiliary_prefix" text DEFAULT '411' NOT NULL,
	"sales_account_20" text DEFAULT '706000' NOT NULL,
	"sales_account_85" text DEFAULT '706100' NOT NULL,
	"sales_account_exempt" text DEFAULT '706200' NOT NULL,
	"vat_account_20" text DEFAULT '445712' NOT NULL,
	"vat_account_85" text DEFAULT '445713' NOT NULL,
	"bank_account" text DEFAULT '512000' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_line_payments" (
	"line_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"booking_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"label" text NOT NULL,
	"reference" text,
	"counterparty" text,
	"status" text DEFAULT 'TO_MATCH' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"account_iban" text,
	"added_count" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_accounts" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_line_payments" ADD CONSTRAINT "bank_line_payments_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_payments" ADD CONSTRAINT "bank_line_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_line_payments" ADD CONSTRAINT "bank_line_payments_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_line_payments_payment_key" ON "bank_line_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_line_payments_line_idx" ON "bank_line_payments" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_key" ON "bank_statement_lines" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","booking_date","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_date_idx" ON "bank_statement_lines" USING btree ("booking_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_accounts_code_key" ON "client_accounts" USING btree ("code");--> statement-breakpoint
-- The FEC's accounts start as the ones the CSV sales journal used (Settings › Facturation).
INSERT INTO "accounting_settings" ("id", "sales_journal_code", "customer_account", "sales_account_20", "sales_account_85", "sales_account_exempt", "vat_account_20", "vat_account_85")
SELECT 1, "journal_code", "account_customer", "account_sales_20", "account_sales_85", "account_sales_exempt", "account_vat_20", "account_vat_85" FROM "invoice_settings" WHERE "id" = 1;
