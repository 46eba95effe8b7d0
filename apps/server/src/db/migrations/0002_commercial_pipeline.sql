CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"legal_entity_id" uuid,
	"gestionnaire_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"occupation" text,
	"tel" text,
	"mobile_phone" text,
	"email" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gestionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raison_social" text NOT NULL,
	"siren" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"email" text,
	"phone" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"raison_social" text NOT NULL,
	"siren" text,
	"siret" text,
	"vat_number" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"email" text,
	"phone" text,
	"gestionnaire_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"client_id" uuid,
	"day" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"day_fraction" numeric(3, 2) NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_establishments" (
	"contract_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"regrouping_status" smallint,
	"atc" text,
	CONSTRAINT "contract_establishments_contract_id_client_id_pk" PRIMARY KEY("contract_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "contract_evaluators" (
	"contract_id" uuid NOT NULL,
	"auditor_id" uuid NOT NULL,
	"role" text DEFAULT 'EVALUATOR' NOT NULL,
	CONSTRAINT "contract_evaluators_contract_id_auditor_id_pk" PRIMARY KEY("contract_id","auditor_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"quote_id" uuid,
	"number" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"typology" text DEFAULT 'STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2' NOT NULL,
	"signature_date" date,
	"deadline" date,
	"amount_ht" numeric(12, 2) NOT NULL,
	"vat_rate" numeric(5, 3) NOT NULL,
	"amount_vat" numeric(12, 2) NOT NULL,
	"amount_ttc" numeric(12, 2) NOT NULL,
	"travel_expense_mode" smallint NOT NULL,
	"travel_expense_amount" numeric(12, 2),
	"feb" jsonb,
	"feb_document_id" uuid,
	"document_id" uuid,
	"decision" jsonb,
	"sent_at" timestamp with time zone,
	"refusal_reason" text,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recevability_documents" (
	"request_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "recevability_documents_request_id_document_id_pk" PRIMARY KEY("request_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "recevability_reviews" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"checklist" jsonb NOT NULL,
	"decision" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"legal_entity_id" uuid NOT NULL,
	"contact_id" uuid,
	"service" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"received_at" date NOT NULL,
	"wished_period" text,
	"notes" text,
	"refusal_reason" text,
	"archived_at" timestamp with time zone,
	"date_relance" date,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_establishments" (
	"request_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "request_establishments_request_id_client_id_pk" PRIMARY KEY("request_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "numbering_series" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"mask" text NOT NULL,
	"year" integer NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service" text NOT NULL,
	"days" numeric(6, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"vat_rate" numeric(5, 3) NOT NULL,
	"travel_expense_mode" smallint NOT NULL,
	"travel_expense_amount" numeric(12, 2),
	"total_ht" numeric(12, 2) NOT NULL,
	"total_vat" numeric(12, 2) NOT NULL,
	"total_ttc" numeric(12, 2) NOT NULL,
	"valid_until" date,
	"notes" text,
	"document_id" uuid,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"refusal_reason" text,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"request_id" uuid,
	"kind" text NOT NULL,
	"text" text,
	"follow_up_date" date,
	"author_id" uuid,
	"author_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "legal_entity_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "finess" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "departement" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "typology_sector" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "typology_type" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sector_domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "public_key_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "atc" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "regrouping_status" smallint;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "evaluation_date" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "evaluation_finished_at" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "date_relance" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "client_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_gestionnaire_id_gestionnaires_id_fk" FOREIGN KEY ("gestionnaire_id") REFERENCES "public"."gestionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_gestionnaire_id_gestionnaires_id_fk" FOREIGN KEY ("gestionnaire_id") REFERENCES "public"."gestionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_days" ADD CONSTRAINT "contract_days_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_days" ADD CONSTRAINT "contract_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_establishments" ADD CONSTRAINT "contract_establishments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_establishments" ADD CONSTRAINT "contract_establishments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_evaluators" ADD CONSTRAINT "contract_evaluators_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_evaluators" ADD CONSTRAINT "contract_evaluators_auditor_id_auditors_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."auditors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_feb_document_id_documents_id_fk" FOREIGN KEY ("feb_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recevability_documents" ADD CONSTRAINT "recevability_documents_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recevability_documents" ADD CONSTRAINT "recevability_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recevability_reviews" ADD CONSTRAINT "recevability_reviews_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_clients" ADD CONSTRAINT "request_clients_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_clients" ADD CONSTRAINT "request_clients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_clients" ADD CONSTRAINT "request_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_establishments" ADD CONSTRAINT "request_establishments_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_establishments" ADD CONSTRAINT "request_establishments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_request_id_request_clients_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."request_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_client_idx" ON "contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contacts_legal_entity_idx" ON "contacts" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "contacts_gestionnaire_idx" ON "contacts" USING btree ("gestionnaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_main_client_key" ON "contacts" USING btree ("client_id") WHERE "contacts"."is_main" and "contacts"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "gestionnaires_name_idx" ON "gestionnaires" USING btree ("raison_social");--> statement-breakpoint
CREATE INDEX "legal_entities_gestionnaire_idx" ON "legal_entities" USING btree ("gestionnaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_entities_siret_key" ON "legal_entities" USING btree ("siret") WHERE "legal_entities"."siret" is not null;--> statement-breakpoint
CREATE INDEX "contract_days_contract_idx" ON "contract_days" USING btree ("contract_id","day");--> statement-breakpoint
CREATE INDEX "contract_establishments_client_idx" ON "contract_establishments" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_key" ON "contracts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "contracts_request_idx" ON "contracts" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_clients_reference_key" ON "request_clients" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "request_clients_status_idx" ON "request_clients" USING btree ("status","archived_at");--> statement-breakpoint
CREATE INDEX "request_clients_legal_entity_idx" ON "request_clients" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "request_establishments_client_idx" ON "request_establishments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_revision_key" ON "quotes" USING btree ("number","revision");--> statement-breakpoint
CREATE INDEX "quotes_request_idx" ON "quotes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "timeline_entries_client_idx" ON "timeline_entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "timeline_entries_request_idx" ON "timeline_entries" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_legal_entity_idx" ON "clients" USING btree ("legal_entity_id");--> statement-breakpoint
CREATE INDEX "clients_evaluation_idx" ON "clients" USING btree ("evaluation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_finess_key" ON "clients" USING btree ("finess") WHERE "clients"."finess" is not null;