CREATE TABLE "alert_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_key" text NOT NULL,
	"alert_type" text NOT NULL,
	"action" text NOT NULL,
	"text" text,
	"date" date,
	"due_date" date,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"code" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_actions" ADD CONSTRAINT "alert_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_actions_key_idx" ON "alert_actions" USING btree ("alert_key","action");--> statement-breakpoint
CREATE INDEX "alert_actions_type_idx" ON "alert_actions" USING btree ("alert_type");--> statement-breakpoint
CREATE INDEX "mission_orders_status_idx" ON "mission_orders" USING btree ("status","answered_at");--> statement-breakpoint
CREATE INDEX "missions_live_idx" ON "missions" USING btree ("last_day") WHERE "missions"."status" <> 'FINALISED';