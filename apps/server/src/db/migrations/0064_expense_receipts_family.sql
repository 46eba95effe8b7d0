ALTER TABLE "expense_settings" ADD COLUMN "date_margin_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
-- Receipts of the evaluators' expenses move out of the evaluator's file (family AUDITOR, where they
-- buried the CV and the insurance) into their own family; the list_row trigger rewrites each row.
UPDATE "documents" SET "family" = 'EXPENSE'
WHERE "family" = 'AUDITOR'
  AND ("meta_code" = 'MISSION_FRAIS' OR "id" IN (SELECT "receipt_document_id" FROM "expenses" WHERE "receipt_document_id" IS NOT NULL));
