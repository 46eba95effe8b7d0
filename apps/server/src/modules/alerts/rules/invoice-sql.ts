import { type SQL, sql } from "drizzle-orm";

/**
 * An amount in cents as French users write it, "1 234,56 €" with no-break spaces: the shared
 * formatCurrency's output, built in SQL so the alert's text is part of the one query.
 */
export const eurosSql = (cents: SQL): SQL =>
  sql`replace(replace(replace(to_char((${cents}) / 100.0, 'FM999,999,999,990.00'), ',', '#'), '.', ','), '#', chr(160)) || chr(160) || '€'`;

/** An invoice that still counts: not a credit note, and not wholly cancelled by its credit notes (the invoices service's `live`). */
export const liveInvoice = (alias: string): SQL =>
  sql.raw(
    `(${alias}.kind <> 'CREDIT_NOTE' and (${alias}.credited_cents = 0 or ${alias}.credited_cents < ${alias}.total_ttc_cents))`,
  );

/** The invoice's establishment (the buyer the row names). */
export const invoiceClientJoin: SQL = sql.raw("join clients c on c.id = i.client_id");
