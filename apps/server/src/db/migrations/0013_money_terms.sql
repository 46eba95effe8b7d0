CREATE TABLE "performance_reviews" (
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_reviews_mission_id_auditor_id_pk" PRIMARY KEY("mission_id","auditor_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_paid_le_total";--> statement-breakpoint
DROP INDEX "invoices_credited_key";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "deposit_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_settings" ADD COLUMN "satisfaction_after_days" integer DEFAULT 1;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "chorus_buyer_siret" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "chorus_service_code" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "chorus_engagement_number" text;--> statement-breakpoint
ALTER TABLE "performance_reviews" ADD CONSTRAINT "performance_reviews_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_reviews" ADD CONSTRAINT "performance_reviews_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_credited_idx" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_le_total" CHECK ("invoices"."credited_cents" <= "invoices"."total_ttc_cents");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_le_total" CHECK ("invoices"."paid_cents" <= "invoices"."total_ttc_cents");--> statement-breakpoint
-- hand-written
-- Contracts signed before the deposit became a contract term keep the body's percentage of that time.
UPDATE "contracts" SET "deposit_percent" = COALESCE((SELECT "deposit_percent" FROM "invoice_settings" WHERE "id" = 1), 30);--> statement-breakpoint
-- The Chorus Pro references last carried by an establishment's invoices move to its file.
UPDATE "clients" c SET "chorus_buyer_siret" = i."buyer_siret", "chorus_service_code" = i."service_code"
FROM (
  SELECT DISTINCT ON ("client_id") "client_id", "buyer_siret", "service_code"
  FROM "invoices"
  WHERE "buyer_siret" IS NOT NULL OR "service_code" IS NOT NULL
  ORDER BY "client_id", "created_at" DESC
) i
WHERE i."client_id" = c."id";
--> statement-breakpoint
-- Scores saved before their versions existed start at version 1.
INSERT INTO "performance_reviews" ("mission_id", "auditor_id", "version") SELECT DISTINCT "mission_id", "auditor_id", 1 FROM "performance_scores" ON CONFLICT DO NOTHING;
