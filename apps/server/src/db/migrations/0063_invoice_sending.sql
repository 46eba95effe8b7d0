-- Sending an invoice is its own step (issue 38): INVOICE_ISSUED (issued, not sent) until the mail of "Envoyer"
-- has left, then INVOICE_SEND with sent_at. The mail that sends it is send_mail_id; a mission's mails are listed
-- on the mission (mail_outbox_mission_idx).
ALTER TABLE "invoices" ADD COLUMN "send_mail_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_send_mail_id_mail_outbox_id_fk" FOREIGN KEY ("send_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_mission_idx" ON "mail_outbox" USING btree ("mission_id","created_at") WHERE "mail_outbox"."deleted_at" is null;--> statement-breakpoint
-- Until now issuing counted as sending: the invoices already issued were sent when they were issued.
UPDATE "invoices" SET "sent_at" = "issued_at"
WHERE "kind" <> 'CREDIT_NOTE' AND "issued_at" IS NOT NULL AND "status" <> 'INVOICE_PREPARE';
