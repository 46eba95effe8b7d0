ALTER TABLE "expenses" ADD COLUMN "rebilled_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "expense_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_rebilled_invoice_id_invoices_id_fk" FOREIGN KEY ("rebilled_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_rebilled_invoice_idx" ON "expenses" USING btree ("rebilled_invoice_id");