CREATE TABLE "auditor_assignment_justifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditor_id" uuid NOT NULL,
	"contract_id" uuid,
	"mission_id" uuid,
	"client_id" uuid,
	"warnings" jsonb NOT NULL,
	"justification" text NOT NULL,
	"created_by_id" uuid,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditor_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditor_id" uuid NOT NULL,
	"organisation_type" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"organisation_name" text NOT NULL,
	"nature" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"comment" text,
	"recorded_by_id" uuid,
	"recorded_by_label" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by_id" uuid,
	"ended_by_label" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auditor_unavailability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditor_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impartiality_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"advice_months_before" integer DEFAULT 24 NOT NULL,
	"advice_months_after" integer DEFAULT 12 NOT NULL,
	"employment_years" integer DEFAULT 5 NOT NULL,
	"same_departement_rule" boolean DEFAULT true NOT NULL,
	"documents_rule" boolean DEFAULT true NOT NULL,
	"expiring_soon_days" integer DEFAULT 30 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fare_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "auditor_document_kind" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "civility" text;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "mobile_phone" text;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "departement" text;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "status" text DEFAULT 'SALARIE' NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "sector_domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "public_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "referentiel_training_date" date;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "roles" jsonb DEFAULT '["EVALUATOR"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "zones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "max_missions_per_month" smallint;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "daily_fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "fare_class_id" uuid;--> statement-breakpoint
ALTER TABLE "auditors" ADD COLUMN "comment" text;--> statement-breakpoint
ALTER TABLE "auditor_assignment_justifications" ADD CONSTRAINT "auditor_assignment_justifications_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_justifications" ADD CONSTRAINT "auditor_assignment_justifications_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_justifications" ADD CONSTRAINT "auditor_assignment_justifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_justifications" ADD CONSTRAINT "auditor_assignment_justifications_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_links" ADD CONSTRAINT "auditor_links_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_links" ADD CONSTRAINT "auditor_links_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_links" ADD CONSTRAINT "auditor_links_ended_by_id_users_id_fk" FOREIGN KEY ("ended_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_unavailability" ADD CONSTRAINT "auditor_unavailability_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_unavailability" ADD CONSTRAINT "auditor_unavailability_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditor_justifications_idx" ON "auditor_assignment_justifications" USING btree ("auditor_id","contract_id");--> statement-breakpoint
CREATE INDEX "auditor_links_auditor_idx" ON "auditor_links" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "auditor_links_organisation_idx" ON "auditor_links" USING btree ("organisation_type","organisation_id");--> statement-breakpoint
CREATE INDEX "auditor_unavailability_auditor_idx" ON "auditor_unavailability" USING btree ("auditor_id","start_date");--> statement-breakpoint
ALTER TABLE "auditors" ADD CONSTRAINT "auditors_fare_class_id_fare_classes_id_fk" FOREIGN KEY ("fare_class_id") REFERENCES "public"."fare_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditors_name_idx" ON "auditors" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "auditors_departement_idx" ON "auditors" USING btree ("departement");--> statement-breakpoint
INSERT INTO "impartiality_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "fare_classes" ("name", "position") VALUES ('Train 2de classe', 1), ('Train 1re classe', 2), ('Avion, classe économique', 3), ('Véhicule personnel (barème kilométrique)', 4);--> statement-breakpoint
UPDATE "auditors" SET "departement" = CASE WHEN "postal_code" ~ '^97' THEN substr("postal_code", 1, 3) WHEN "postal_code" ~ '^20[01]' THEN '2A' WHEN "postal_code" ~ '^20' THEN '2B' ELSE substr("postal_code", 1, 2) END WHERE "postal_code" ~ '^\d{5}$';--> statement-breakpoint
INSERT INTO "profile_permissions" ("profile_type", "code", "can_create", "can_read", "can_update", "can_delete") SELECT "profile_type", 'AUDITOR', "profile_type" IN ('DIR', 'RH'), "profile_type" IN ('DIR', 'RH'), "profile_type" IN ('DIR', 'RH', 'AUDITEUR'), "profile_type" IN ('DIR', 'RH') FROM "profiles" ON CONFLICT DO NOTHING;
