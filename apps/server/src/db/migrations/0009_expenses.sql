CREATE TABLE "auditor_fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"days" numeric(5, 2) NOT NULL,
	"daily_fee_cents" integer,
	"expected_cents" integer,
	"document_id" uuid,
	"status" text DEFAULT 'TO_PAY' NOT NULL,
	"paid_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"km_rate" numeric(6, 3) DEFAULT 0.603 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"transport_mode" text,
	"fare_class_id" uuid,
	"kilometres" numeric(8, 1),
	"km_rate" numeric(6, 3),
	"amount_cents" integer NOT NULL,
	"receipt_document_id" uuid,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reimbursed_on" date,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_scores" (
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"criterion" text NOT NULL,
	"point" smallint,
	"commentary" text,
	"scored_by" text,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_scores_mission_id_auditor_id_criterion_pk" PRIMARY KEY("mission_id","auditor_id","criterion")
);
--> statement-breakpoint
CREATE TABLE "satisfaction_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"sent_to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answers" jsonb,
	"comment" text,
	"document_id" uuid,
	"sent_to_auditors_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditor_fee_invoices" ADD CONSTRAINT "auditor_fee_invoices_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_fee_invoices" ADD CONSTRAINT "auditor_fee_invoices_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_fee_invoices" ADD CONSTRAINT "auditor_fee_invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_fare_class_id_fare_classes_id_fk" FOREIGN KEY ("fare_class_id") REFERENCES "public"."fare_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_document_id_documents_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_scores" ADD CONSTRAINT "performance_scores_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_scores" ADD CONSTRAINT "performance_scores_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auditor_fee_invoices_mission_auditor_key" ON "auditor_fee_invoices" USING btree ("mission_id","auditor_id");--> statement-breakpoint
CREATE INDEX "auditor_fee_invoices_auditor_idx" ON "auditor_fee_invoices" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "expenses_mission_idx" ON "expenses" USING btree ("mission_id","auditor_id");--> statement-breakpoint
CREATE INDEX "expenses_auditor_idx" ON "expenses" USING btree ("auditor_id","date");--> statement-breakpoint
CREATE INDEX "performance_scores_auditor_idx" ON "performance_scores" USING btree ("auditor_id","criterion");--> statement-breakpoint
CREATE UNIQUE INDEX "satisfaction_surveys_mission_key" ON "satisfaction_surveys" USING btree ("mission_id");--> statement-breakpoint
-- hand-written: begin
INSERT INTO "expense_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
-- hand-written: end
