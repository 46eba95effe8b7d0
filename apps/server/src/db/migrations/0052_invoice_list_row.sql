ALTER TABLE "invoices" ADD COLUMN "list_row" text;--> statement-breakpoint
-- The invoice list's row (shared InvoiceRow) as JSON text, kept on the invoice, but for "overdue", which
-- depends on the day: a page adds it at each read (invoices.repository.ts). A page built fifty objects from the
-- invoices, their establishments, contracts and credited invoices, 1.3 ms of PostgreSQL for 50 invoices on the
-- scale base, most of a page (docs/performance.md). This function is the row's one definition for the list;
-- ASCII (json_ascii, migration 0039). The establishment's name is the invoice's kept copy (client_name,
-- migration 0024): a client renamed, a contract renumbered already write their invoices (invoices_derive, which
-- runs before this trigger: triggers fire in the order of their names).
CREATE FUNCTION invoice_list_row(i invoices) RETURNS text LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  contract_number text;
  credited_number text;
BEGIN
  SELECT number INTO contract_number FROM contracts WHERE id = i.contract_id;
  SELECT number INTO credited_number FROM invoices WHERE id = i.credited_invoice_id;
  RETURN json_ascii(json_build_object(
    'id', i.id,
    'number', i.number,
    'kind', i.kind,
    'status', i.status,
    'clientId', i.client_id,
    'clientName', i.client_name,
    'buyerName', i.buyer->>'name',
    'contractId', i.contract_id,
    'contractNumber', contract_number,
    'missionId', i.mission_id,
    'issueDate', i.issue_date,
    'dueDate', i.due_date,
    'totalHt', i.total_ht_cents::float8 / 100,
    'totalTtc', i.total_ttc_cents::float8 / 100,
    'paid', i.paid_cents::float8 / 100,
    -- What is left to pay; a credit note owes nothing.
    'due', CASE WHEN i.kind = 'CREDIT_NOTE' THEN 0
      ELSE greatest(0, i.total_ttc_cents - i.paid_cents - i.credited_cents)::float8 / 100 END,
    'creditedInvoiceNumber', credited_number
  )::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION invoices_keep_list_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_row := invoice_list_row(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_list_row BEFORE INSERT OR UPDATE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_keep_list_row();
--> statement-breakpoint
-- A credit note shows the number of the invoice it credits: an invoice numbered (when it is issued) rewrites the
-- rows of its credit notes. Their rewrite numbers nothing, so it stops there.
CREATE FUNCTION invoices_credited_numbers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renumbered uuid[] := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.number IS DISTINCT FROM o.number);
BEGIN
  IF cardinality(renumbered) > 0 THEN
    UPDATE invoices c SET list_row = invoice_list_row(c)
    WHERE c.credited_invoice_id = ANY(renumbered) AND c.list_row IS DISTINCT FROM invoice_list_row(c);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_credited_numbers AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION invoices_credited_numbers_changed();
--> statement-breakpoint
UPDATE invoices SET list_row = invoice_list_row(invoices);
