import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { bankLinePayments, bankStatementLines, bankStatements, invoices } from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import { offsetOf, type PageRequest } from "../../lib/pagination.js";
import { foldedSql, searchPatterns } from "../../lib/search-text.js";
import type { StatementLine } from "./statement-line.js";

export type LineRow = typeof bankStatementLines.$inferSelect;

/** The keys among these that an earlier import already brought. */
export async function knownKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: bankStatementLines.lineKey })
    .from(bankStatementLines)
    .where(anyOf(bankStatementLines.lineKey, keys));
  return new Set(rows.map((r) => r.key));
}

export async function insertStatement(db: Executor, values: typeof bankStatements.$inferInsert) {
  const [row] = await db.insert(bankStatements).values(values).returning();
  if (!row) throw new Error("statement not created");
  return row;
}

/** Adds the lines; a key another import took meanwhile is skipped (the unique index settles a race). */
export async function insertLines(db: Executor, statementId: string, lines: StatementLine[], at: Date) {
  const added: string[] = [];
  // In slices: one statement of thousands of lines stays under the protocol's 65,535 parameters.
  for (let i = 0; i < lines.length; i += 500) {
    const rows = await db
      .insert(bankStatementLines)
      .values(
        lines.slice(i, i + 500).map((l) => ({
          statementId,
          lineKey: l.key,
          bookingDate: l.bookingDate,
          amountCents: l.amountCents,
          label: l.label,
          reference: l.reference,
          counterparty: l.counterparty,
          createdAt: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: bankStatementLines.id });
    added.push(...rows.map((r) => r.id));
  }
  return added.length;
}

export async function setAddedCount(db: Executor, id: string, addedCount: number) {
  await db.update(bankStatements).set({ addedCount }).where(eq(bankStatements.id, id));
}

/** A page of one tab, newest booking first; and the size of each tab. */
export async function listLines(db: Executor, status: string, page: PageRequest) {
  const [items, counts] = await Promise.all([
    db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.status, status))
      .orderBy(desc(bankStatementLines.bookingDate), desc(bankStatementLines.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db
      .select({ status: bankStatementLines.status, n: count() })
      .from(bankStatementLines)
      .groupBy(bankStatementLines.status),
  ]);
  return { items, counts };
}

export async function lockLine(db: Executor, id: string) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for("update");
  return row ?? null;
}

export async function findLine(db: Executor, id: string) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id));
  return row ?? null;
}

export async function decideLine(
  db: Executor,
  id: string,
  version: number,
  values: { status: string; decidedBy: string | null; decidedAt: Date | null },
) {
  const rows = await db
    .update(bankStatementLines)
    .set({ ...values, version: sql`${bankStatementLines.version} + 1` })
    .where(and(eq(bankStatementLines.id, id), eq(bankStatementLines.version, version)))
    .returning({ id: bankStatementLines.id });
  return rows.length === 1;
}

export async function insertLinePayment(db: Executor, values: typeof bankLinePayments.$inferInsert) {
  await db.insert(bankLinePayments).values(values);
}

/** What the matched lines of a page paid, invoice by invoice. */
export function paymentsOfLines(db: Executor, lineIds: string[]) {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      lineId: bankLinePayments.lineId,
      invoiceId: bankLinePayments.invoiceId,
      number: invoices.number,
      clientName: invoices.clientName,
      amountCents: bankLinePayments.amountCents,
    })
    .from(bankLinePayments)
    .innerJoin(invoices, eq(invoices.id, bankLinePayments.invoiceId))
    .where(anyOf(bankLinePayments.lineId, lineIds))
    .orderBy(asc(invoices.number));
}

// ---- open invoices: what a credit line may pay ------------------------------------------------------

const dueCents = sql<number>`${invoices.totalTtcCents} - ${invoices.paidCents} - ${invoices.creditedCents}`;
// Issued but not yet sent counts: a client may pay from the PDF handed over another way.
const openInvoice = and(
  inArray(invoices.status, ["INVOICE_ISSUED", "INVOICE_SEND", "INVOICE_PARTIALLY_PAID"]),
  ne(invoices.kind, "CREDIT_NOTE"),
  sql`${dueCents} > 0`,
);
const openColumns = {
  id: invoices.id,
  number: invoices.number,
  issueDate: invoices.issueDate,
  clientName: invoices.clientName,
  buyer: invoices.buyer,
  dueCents,
};
export type OpenInvoice = {
  id: string;
  number: string | null;
  issueDate: string | null;
  clientName: string;
  buyer: { name: string };
  dueCents: number;
};

/** Letters and digits only, upper case: "F-2026-0042" and "F20260042" compare equal. */
const compact = (expr: ReturnType<typeof sql>) => sql`regexp_replace(upper(${foldedSql(expr)}), '[^A-Z0-9]', '', 'g')`;

/**
 * The open invoices whose number is written in one of these texts (a label, a structured reference),
 * compared without separators nor case; numbers shorter than 6 characters are not searched (too many
 * false hits).
 */
export async function openInvoicesNamedIn(
  db: Executor,
  texts: string[],
): Promise<Array<OpenInvoice & { text: string }>> {
  if (texts.length === 0) return [];
  const rows = await db
    .select({ ...openColumns, text: sql<string>`t.text` })
    .from(invoices)
    .innerJoin(
      sql`unnest(${sql.param(texts)}::text[]) as t(text)`,
      sql`length(${compact(sql`${invoices.number}`)}) >= 6 and position(${compact(sql`${invoices.number}`)} in ${compact(sql`t.text`)}) > 0`,
    )
    .where(openInvoice)
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  return rows as Array<OpenInvoice & { text: string }>;
}

/** The open invoices of which exactly these amounts remain due. */
export async function openInvoicesDue(db: Executor, amounts: number[]): Promise<OpenInvoice[]> {
  if (amounts.length === 0) return [];
  return (await db
    .select(openColumns)
    .from(invoices)
    .where(and(openInvoice, sql`${dueCents} = any(${sql.param(amounts)}::int[])`))
    .orderBy(asc(invoices.issueDate))
    .limit(500)) as OpenInvoice[];
}

/** The open invoices a search names (number, establishment or buyer), for a match by hand. */
export async function openInvoiceOptions(db: Executor, search: string | undefined): Promise<OpenInvoice[]> {
  return (await db
    .select(openColumns)
    .from(invoices)
    // The invoices' search text is folded but not lowered (migration 0024): ILIKE, as their list searches it.
    .where(and(openInvoice, ...searchPatterns(search).map((p) => sql`${invoices.searchText} ilike ${p}`)))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(30)) as OpenInvoice[];
}

export const openByIds = async (db: Executor, ids: string[]) =>
  ids.length ? ((await db.select(openColumns).from(invoices).where(anyOf(invoices.id, ids))) as OpenInvoice[]) : [];
