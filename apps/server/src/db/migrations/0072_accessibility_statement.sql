CREATE TABLE "accessibility_statement" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"body_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"audit_date" date,
	"derogations" text DEFAULT '' NOT NULL,
	"exempt_content" text DEFAULT '' NOT NULL,
	"test_environment" text DEFAULT 'Chromium avec axe-core : chaque écran vérifié automatiquement, sur un écran de bureau et à 390 px de large.' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The one row, with its defaults: the public statement reads it before anyone opens Settings.
INSERT INTO "accessibility_statement" ("id") VALUES (1) ON CONFLICT DO NOTHING;
