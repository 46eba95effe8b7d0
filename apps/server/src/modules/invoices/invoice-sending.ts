import { formatCurrency, formatDate } from "@certidesk/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema/index.js";
import { SYSTEM_ACTOR } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { unprocessable } from "../../lib/errors.js";
import type { SentMail } from "../mail/index.js";
import type * as repo from "./invoices.repository.js";

/** The template of the mail that carries an invoice ("Envoyer"). */
export const INVOICE_SEND_TEMPLATE = "INVOICE_SEND";

/** The billing address (see billingAddress), null when the client's file has none. */
export const billingEmailOf = (row: Awaited<ReturnType<typeof repo.buyerOf>>) =>
  row?.client.billingEmail?.trim() || row?.entity?.email?.trim() || row?.client.email?.trim() || null;

/**
 * Where an invoice is mailed: the establishment's billing e-mail when its file has one, else the legal
 * entity's e-mail, else the establishment's own, as the client's file says today (not as frozen at issue: an
 * address filled in after the issue is used). None: 422 saying what to fill in.
 */
export function billingAddress(row: Awaited<ReturnType<typeof repo.buyerOf>>): string {
  const email = billingEmailOf(row);
  if (email) return email;
  const where = row?.entity
    ? `de l'entité juridique « ${row.entity.raisonSocial} » ou de l'établissement « ${row?.client.raisonSocial} »`
    : `de l'établissement « ${row?.client.raisonSocial ?? ""} »`;
  throw unprocessable(
    `Envoi impossible : aucune adresse e-mail de facturation. Renseignez l'e-mail de facturation de l'établissement (ou l'e-mail ${where}) dans sa fiche client, puis envoyez de nouveau.`,
    { missing: ["email"] },
  );
}

/**
 * The variables of the invoice's mails: the amount is the invoice's total when it is sent, what remains to
 * pay in a reminder.
 */
export function invoiceMailVariables(invoice: repo.InvoiceRowData, clientName: string, amount: "total" | "due") {
  const cents =
    amount === "total" ? invoice.totalTtcCents : invoice.totalTtcCents - invoice.paidCents - invoice.creditedCents;
  return {
    invoice: {
      number: invoice.number ?? "",
      totalTTC: formatCurrency(cents / 100),
      dueDate: formatDate(invoice.dueDate),
    },
    client: { raisonSocial: clientName },
  };
}

/**
 * The mail worker's hook (app.ts): when the mail that sends an invoice has left, the invoice is sent, on
 * that day. Only its current sending mail counts (an older, withdrawn one never does); an invoice paid or
 * credited meanwhile keeps its status and records the sending date alone.
 */
export async function markInvoiceSent(tx: Executor, mail: SentMail) {
  if (mail.relatedType !== "invoice" || mail.templateCode !== INVOICE_SEND_TEMPLATE || !mail.relatedId) return;
  const [sent] = await tx
    .update(invoices)
    .set({
      status: sql`case when ${invoices.status} = 'INVOICE_ISSUED' then 'INVOICE_SEND' else ${invoices.status} end`,
      sentAt: sql`coalesce(${invoices.sentAt}, ${mail.sentAt.toISOString()}::timestamptz)`,
      version: sql`${invoices.version} + 1`,
      updatedAt: mail.sentAt,
    })
    .where(and(eq(invoices.id, mail.relatedId), eq(invoices.sendMailId, mail.id)))
    .returning({ id: invoices.id, number: invoices.number });
  if (!sent) return;
  await writeAudit(tx, SYSTEM_ACTOR, {
    action: "status",
    entityType: "invoice",
    entityId: sent.id,
    summary: `Facture ${sent.number} envoyée à ${mail.to.join(", ")}`,
  });
}
