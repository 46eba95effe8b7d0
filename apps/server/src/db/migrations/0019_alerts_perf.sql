CREATE INDEX "contracts_status_deadline_idx" ON "contracts" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "contracts_feb_document_idx" ON "contracts" USING btree ("feb_document_id") WHERE "contracts"."feb_document_id" is not null;--> statement-breakpoint
CREATE INDEX "contracts_granted_idx" ON "contracts" USING btree ("id") WHERE "contracts"."decision"->>'decision' = 'GRANTED';--> statement-breakpoint
CREATE INDEX "mission_team_roles_idx" ON "mission_team_members" USING btree ("mission_id","role");--> statement-breakpoint
CREATE INDEX "missions_live_contract_idx" ON "missions" USING btree ("contract_id","kind") WHERE "missions"."status" <> 'FINALISED';