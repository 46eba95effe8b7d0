import type { BulkSelection, InvoiceListQuery, InvoiceRow } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { type BulkSource, resolveSelection, runBulk } from "../../lib/bulk.js";
import { invoicesOfFilter, invoicesOfIds } from "./invoice-bulk.repository.js";
import { invoiceResource } from "./invoices.policy.js";
import type { InvoicesService } from "./invoices.service.js";

export type InvoiceSelection = BulkSelection<InvoiceListQuery>;

/**
 * The invoices list's bulk actions: each row goes through the single-row service ("Envoyer", "Relancer"),
 * with its rules, its version check and its journal entry; the report lists the rows refused and why.
 */
export function createInvoiceBulk(deps: {
  db: Database;
  invoices: Pick<InvoicesService, "send" | "remind" | "exportBatches" | "exportRowsOf">;
  log?: { error(obj: unknown, msg?: string): void };
}) {
  const { db, invoices, log } = deps;
  const source: BulkSource<InvoiceListQuery> = {
    byIds: (ids) => invoicesOfIds(db, ids),
    byFilter: (filter, limit) => invoicesOfFilter(db, filter, limit),
    notFound: invoiceResource.notFound,
  };
  const each = async (selection: InvoiceSelection, act: (id: string, version: number) => Promise<unknown>) =>
    runBulk(await resolveSelection(selection, source), (row) => act(row.id, row.version), log);

  return {
    send: (actor: Actor, selection: InvoiceSelection, requestId?: string) =>
      each(selection, (id, version) => invoices.send(actor, id, version, requestId)),

    remind: (actor: Actor, selection: InvoiceSelection, requestId?: string) =>
      each(selection, (id, version) => invoices.remind(actor, id, version, requestId)),

    /** The XLSX rows of the selection: the list's own export for a filter, the ticked invoices otherwise. */
    async *exportBatches(actor: Actor, selection: InvoiceSelection): AsyncGenerator<InvoiceRow[]> {
      if (selection.filter) yield* invoices.exportBatches(actor, selection.filter);
      else
        yield await invoices.exportRowsOf(
          actor,
          (selection.ids ?? []).map((r) => r.id),
        );
    },
  };
}
export type InvoiceBulk = ReturnType<typeof createInvoiceBulk>;
