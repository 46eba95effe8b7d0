import { and, asc, eq, gte, like, lte, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import {
  accountingSettings,
  clientAccounts,
  clients,
  invoiceLines,
  invoicePayments,
  invoices,
} from "../../db/schema/index.js";
import { anyOf } from "../../lib/any-of.js";
import type { IsoDate } from "../../lib/clock.js";
import { foldText } from "../../lib/search-text.js";
import { clientAccountCode } from "./client-account-code.js";

export async function settings(db: Executor) {
  const [row] = await db.select().from(accountingSettings).where(eq(accountingSettings.id, 1));
  if (row) return row;
  await db.insert(accountingSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(accountingSettings).where(eq(accountingSettings.id, 1));
  if (!created) throw new Error("accounting settings missing");
  return created;
}

/**
 * The auxiliary account of each client, given on first use and kept: the table is locked for the
 * transaction so two exports at once never give one code twice (the unique index would refuse it).
 */
export async function accountsOf(tx: Executor, clientIds: string[], prefix: string): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  if (clientIds.length === 0) return codes;
  const known = await tx.select().from(clientAccounts).where(anyOf(clientAccounts.clientId, clientIds));
  for (const k of known) codes.set(k.clientId, k.code);
  const missing = clientIds.filter((id) => !codes.has(id));
  if (missing.length === 0) return codes;
  await tx.execute(sql`lock table ${clientAccounts} in share row exclusive mode`);
  const named = await tx
    .select({ id: clients.id, name: clients.raisonSocial, code: clientAccounts.code })
    .from(clients)
    .leftJoin(clientAccounts, eq(clientAccounts.clientId, clients.id))
    .where(anyOf(clients.id, missing))
    .orderBy(asc(clients.raisonSocial), asc(clients.id));
  for (const c of named) {
    if (c.code) {
      codes.set(c.id, c.code);
      continue;
    }
    const stem = `${prefix}${
      foldText(c.name)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, "")
        .slice(0, 6) || "CLIENT"
    }`;
    const taken = await tx
      .select({ code: clientAccounts.code })
      .from(clientAccounts)
      .where(like(clientAccounts.code, `${stem}%`));
    const code = clientAccountCode(prefix, c.name, new Set(taken.map((t) => t.code)));
    await tx.insert(clientAccounts).values({ clientId: c.id, code });
    codes.set(c.id, code);
  }
  return codes;
}

/** Issued invoices and credit notes of a period, with their lines and the establishment's name. */
export async function invoicesIssuedBetween(db: Executor, from: IsoDate, to: IsoDate) {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issueDate: invoices.issueDate,
      clientId: invoices.clientId,
      clientName: clients.raisonSocial,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(ne(invoices.status, "INVOICE_PREPARE"), gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db.select().from(invoiceLines).where(anyOf(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.position))
    : [];
  const byInvoice = new Map<string, typeof lines>();
  for (const l of lines) byInvoice.set(l.invoiceId, [...(byInvoice.get(l.invoiceId) ?? []), l]);
  return rows.map((r) => ({ ...r, lines: byInvoice.get(r.id) ?? [] }));
}

/** Payments received (and refunds) of a period, with their invoice's number and client. */
export function paymentsBetween(db: Executor, from: IsoDate, to: IsoDate) {
  return db
    .select({
      date: invoicePayments.date,
      amountCents: invoicePayments.amountCents,
      reference: invoicePayments.reference,
      invoiceNumber: invoices.number,
      clientId: invoices.clientId,
      clientName: clients.raisonSocial,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(gte(invoicePayments.date, from), lte(invoicePayments.date, to), ne(invoicePayments.amountCents, 0)))
    .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt));
}
