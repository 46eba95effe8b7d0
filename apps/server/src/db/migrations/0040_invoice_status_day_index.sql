-- The invoice list's status tabs in their default order (issue day, newest first): an index walk of the tab.
CREATE INDEX "invoices_list_status_day_idx" ON "invoices" USING btree ("status",coalesce("issue_date", ("created_at" at time zone 'Europe/Paris')::date) desc,"created_at" DESC NULLS FIRST,"id");
