CREATE TABLE "auditor_assignment_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditor_id" uuid NOT NULL,
	"contract_id" uuid,
	"mission_id" uuid,
	"client_id" uuid,
	"reasons" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auditor_assignment_refusals" ADD CONSTRAINT "auditor_assignment_refusals_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_refusals" ADD CONSTRAINT "auditor_assignment_refusals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_refusals" ADD CONSTRAINT "auditor_assignment_refusals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditor_assignment_refusals" ADD CONSTRAINT "auditor_assignment_refusals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditor_refusals_auditor_idx" ON "auditor_assignment_refusals" USING btree ("auditor_id","created_at");--> statement-breakpoint
CREATE INDEX "auditor_refusals_created_idx" ON "auditor_assignment_refusals" USING btree ("created_at");