CREATE TABLE "mission_client_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"decision" text,
	"text" text,
	"team" jsonb,
	"document_id" uuid,
	"answered_by" uuid,
	"answered_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_client_answers" ADD CONSTRAINT "mission_client_answers_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_client_answers" ADD CONSTRAINT "mission_client_answers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_client_answers" ADD CONSTRAINT "mission_client_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_client_answers_mission_idx" ON "mission_client_answers" USING btree ("mission_id","kind","created_at");