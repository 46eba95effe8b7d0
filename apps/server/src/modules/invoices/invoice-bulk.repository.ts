import type { InvoiceListQuery } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import type { BulkRow } from "../../lib/bulk.js";
import { listWhereAndOrder } from "./invoices.repository.js";

const columns = {
  id: invoices.id,
  version: invoices.version,
  number: invoices.number,
  clientName: invoices.clientName,
};
/** How a bulk report names an invoice: its number (a draft has none) and its establishment. */
const labelled = (r: { id: string; version: number; number: string | null; clientName: string }): BulkRow => ({
  id: r.id,
  version: r.version,
  label: `${r.number ?? "Brouillon"} – ${r.clientName}`,
});

/** The invoices of these ids, with their current version (staff only: every invoice is in scope). */
export async function invoicesOfIds(db: Executor, ids: string[]) {
  return (await db.select(columns).from(invoices).where(anyOf(invoices.id, ids))).map(labelled);
}

/** The invoices of the list's filter, in its order, at most `limit` (a bulk action on "all matching"). */
export async function invoicesOfFilter(db: Executor, query: InvoiceListQuery, limit: number) {
  const { where, orderBy } = listWhereAndOrder(query);
  const rows = await db
    .select(columns)
    .from(invoices)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(labelled);
}
