CREATE TABLE "mission_non_conformities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"criterion" text NOT NULL,
	"severity" text NOT NULL,
	"description" text NOT NULL,
	"corrective_action" text,
	"evidence" text,
	"due_date" date,
	"closed_at" date,
	"closed_by_id" uuid,
	"closed_by" text,
	"created_by_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_report_reminders" (
	"mission_id" uuid NOT NULL,
	"report" text NOT NULL,
	"due_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_report_reminders_mission_id_report_due_date_pk" PRIMARY KEY("mission_id","report","due_date")
);
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "requested_documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_non_conformities" ADD CONSTRAINT "mission_non_conformities_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_non_conformities" ADD CONSTRAINT "mission_non_conformities_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_non_conformities" ADD CONSTRAINT "mission_non_conformities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_report_reminders" ADD CONSTRAINT "mission_report_reminders_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_non_conformities_mission_idx" ON "mission_non_conformities" USING btree ("mission_id");