CREATE INDEX "clients_list_postal_code_idx" ON "clients" USING btree ("postal_code","id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_postal_code_desc_idx" ON "clients" USING btree ("postal_code" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_evaluation_date_idx" ON "clients" USING btree ("evaluation_date","id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_evaluation_date_desc_idx" ON "clients" USING btree ("evaluation_date" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_date_relance_idx" ON "clients" USING btree ("date_relance","id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_date_relance_desc_idx" ON "clients" USING btree ("date_relance" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_latest_contract_status_idx" ON "clients" USING btree ("latest_contract_status","id") WHERE "clients"."client_since" is not null;--> statement-breakpoint
CREATE INDEX "clients_list_latest_contract_status_desc_idx" ON "clients" USING btree ("latest_contract_status" DESC NULLS LAST,"id") WHERE "clients"."client_since" is not null;