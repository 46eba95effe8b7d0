-- Settings › Sauvegardes and the scheduled backups of the embedded base (modules/backups).
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"free_bytes" bigint,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hour" integer DEFAULT 2 NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");