CREATE TABLE "alert_digest_seen" (
	"user_id" uuid NOT NULL,
	"alert_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "alert_digest_seen_user_id_alert_key_pk" PRIMARY KEY("user_id","alert_key")
);
--> statement-breakpoint
CREATE TABLE "alert_digest_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hour" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_digests" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"alert_count" integer NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_digest_seen" ADD CONSTRAINT "alert_digest_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;