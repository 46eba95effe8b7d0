import { formatCurrency, type PaymentBody, toCents } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import type { Clock } from "../../lib/clock.js";
import { notFound, unprocessable } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { invoiceResource } from "./invoices.policy.js";
import * as repo from "./invoices.repository.js";

const euros = (cents: number) => cents / 100;

/**
 * The one payment path of an invoice, in the caller's transaction (the invoice screen, the bank
 * reconciliation): locks the invoice, checks the right and the amount (never more than what is due:
 * 422), appends the payment and sets the paid state. Answers the payment's id.
 */
export async function recordPayment(
  tx: Executor,
  actor: Actor,
  id: string,
  body: PaymentBody,
  { clock, requestId }: { clock: Clock; requestId?: string },
): Promise<string> {
  const amountCents = toCents(body.amount);
  const i = await repo.lockInvoice(tx, id);
  if (!i) throw notFound(invoiceResource.notFound);
  authorize(actor, "pay", invoiceResource, i);
  if (body.date > clock.today()) throw unprocessable("La date du paiement ne peut pas être dans le futur.");
  if (i.issueDate && body.date < i.issueDate)
    throw unprocessable(`La date du paiement précède l'émission de la facture ${i.number}.`);
  const due = i.totalTtcCents - i.paidCents - i.creditedCents;
  if (amountCents > due)
    throw unprocessable(
      `Le paiement (${formatCurrency(euros(amountCents))}) dépasse le reste à payer de la facture ${i.number} (${formatCurrency(euros(due))}).`,
    );
  const payment = await repo.insertPayment(tx, {
    invoiceId: id,
    date: body.date,
    amountCents,
    method: body.method,
    reference: body.reference ?? null,
    createdBy: actor.userId,
    createdAt: clock.now(),
  });
  const paid = i.paidCents + amountCents;
  const status = paid + i.creditedCents >= i.totalTtcCents ? "INVOICE_PAID" : "INVOICE_PARTIALLY_PAID";
  await repo.updateInvoice(tx, id, { paidCents: paid, status, updatedAt: clock.now() });
  await writeAudit(
    tx,
    actor,
    {
      action: "payment",
      entityType: "invoice",
      entityId: id,
      summary: `Paiement de ${formatCurrency(euros(amountCents))} reçu sur la facture ${i.number}`,
      changes: { amount: euros(amountCents), method: body.method, date: body.date },
    },
    requestId,
  );
  if (!payment) throw new Error("payment not recorded");
  return payment.id;
}
