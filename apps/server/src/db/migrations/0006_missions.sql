CREATE TABLE "calendar_feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mission_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"day" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"day_fraction" numeric(3, 2) NOT NULL,
	"position" integer NOT NULL,
	"programme" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_deadline_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"preliminary_report_days" integer DEFAULT 30 NOT NULL,
	"observations_days" integer DEFAULT 15 NOT NULL,
	"final_report_days" integer DEFAULT 15 NOT NULL,
	"reminder_days_before" integer DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"document_id" uuid,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_via" text,
	"refusal_reason" text,
	"supersedes" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_team_members" (
	"mission_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"role" text DEFAULT 'EVALUATOR' NOT NULL,
	CONSTRAINT "mission_team_members_mission_id_auditor_id_pk" PRIMARY KEY("mission_id","auditor_id")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"group_id" uuid,
	"kind" text NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"first_day" date,
	"last_day" date,
	"preliminary_document_id" uuid,
	"preliminary_uploaded_at" date,
	"preliminary_reviewed_at" date,
	"preliminary_reviewed_by" text,
	"preliminary_review_comment" text,
	"preliminary_sent_at" date,
	"observations_document_id" uuid,
	"observations_received_at" date,
	"final_document_id" uuid,
	"final_report_at" date,
	"has_transmitted_at" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_days" ADD CONSTRAINT "mission_days_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_supersedes_mission_orders_id_fk" FOREIGN KEY ("supersedes") REFERENCES "public"."mission_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_orders" ADD CONSTRAINT "mission_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_team_members" ADD CONSTRAINT "mission_team_members_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_team_members" ADD CONSTRAINT "mission_team_members_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_preliminary_document_id_documents_id_fk" FOREIGN KEY ("preliminary_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_observations_document_id_documents_id_fk" FOREIGN KEY ("observations_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_final_document_id_documents_id_fk" FOREIGN KEY ("final_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feed_tokens_auditor_idx" ON "calendar_feed_tokens" USING btree ("auditor_id");--> statement-breakpoint
CREATE INDEX "mission_days_mission_idx" ON "mission_days" USING btree ("mission_id","day");--> statement-breakpoint
CREATE INDEX "mission_days_day_idx" ON "mission_days" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_orders_supersedes_key" ON "mission_orders" USING btree ("supersedes");--> statement-breakpoint
CREATE INDEX "mission_orders_mission_idx" ON "mission_orders" USING btree ("mission_id","auditor_id");--> statement-breakpoint
CREATE INDEX "mission_orders_auditor_idx" ON "mission_orders" USING btree ("auditor_id","status");--> statement-breakpoint
CREATE INDEX "mission_team_auditor_idx" ON "mission_team_members" USING btree ("auditor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_contract_client_key" ON "missions" USING btree ("contract_id","client_id");--> statement-breakpoint
CREATE INDEX "missions_client_idx" ON "missions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "missions_group_idx" ON "missions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "missions_first_day_idx" ON "missions" USING btree ("first_day");