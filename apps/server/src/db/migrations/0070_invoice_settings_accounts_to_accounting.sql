-- The accounts of the exports live in accounting_settings (copied there by 0065): the CSV sales journal reads them too.
ALTER TABLE "invoice_settings" DROP COLUMN "account_customer";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "account_sales_20";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "account_sales_85";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "account_sales_exempt";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "account_vat_20";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "account_vat_85";--> statement-breakpoint
ALTER TABLE "invoice_settings" DROP COLUMN "journal_code";