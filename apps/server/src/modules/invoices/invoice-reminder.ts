import { formatDate } from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { invoices } from "../../db/schema/index.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { conflict, notFound } from "../../lib/errors.js";
import { authorize } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import { enqueueMail } from "../mail/index.js";
import { billingAddress, invoiceMailVariables } from "./invoice-sending.js";
import { type InvoiceRecord, invoiceResource } from "./invoices.policy.js";
import * as repo from "./invoices.repository.js";

/** The template of the unpaid invoice's reminder, the same the periodic reminders send. */
export const INVOICE_REMINDER_TEMPLATE = "INVOICE_REMINDER";

export interface ReminderDeps {
  db: Database;
  clock: Clock;
  record: (i: repo.InvoiceRowData) => InvoiceRecord;
  /** The invoice's filed PDF as an attachment (filed now if it was not), null if it cannot be produced. */
  attachablePdf: (
    actor: AuditActor,
    i: repo.InvoiceRowData,
  ) => Promise<{ documentId: string; fileName: string } | null>;
  /** What every versioned write of an invoice shares (the service's invoiceWrite). */
  write: (actor: Actor, id: string, version: number, requestId: string | undefined) => InvoiceWrite;
}
type InvoiceWrite = {
  db: Database;
  clock: Clock;
  table: typeof invoices;
  id: string;
  version: number;
  actor: Actor;
  requestId: string | undefined;
  entityType: string;
};

/**
 * "Relancer" by hand (the invoices list's bulk action): the reminder mail of an unpaid invoice the client has
 * received and whose due date has passed, to its billing address today, the PDF attached, through the outbox.
 * The invoice's version moves (a reminder is a write on it, journalled); the periodic steps are not claimed.
 */
export async function remindInvoice(deps: ReminderDeps, actor: Actor, id: string, version: number, requestId?: string) {
  const { db, clock, record } = deps;
  const invoice = await repo.findInvoice(db, id);
  if (!invoice) throw notFound(invoiceResource.notFound);
  // Checked before the PDF is filed (a draft's must never be), and again on the locked row.
  const check = (i: repo.InvoiceRowData) => {
    authorize(actor, "remind", invoiceResource, record(i));
    if (i.dueDate && i.dueDate >= clock.today())
      throw conflict(`Pas encore échue (échéance le ${formatDate(i.dueDate)}) : rien à relancer.`);
  };
  check(invoice);
  const pdf = await deps.attachablePdf(actor, invoice);
  return versionedUpdate({
    ...deps.write(actor, id, version, requestId),
    authorize: { resource: invoiceResource, action: "remind", record: (_tx, i) => record(i) },
    apply: async (tx, current) => {
      check(current);
      const buyer = await repo.buyerOf(tx, current.clientId);
      const to = billingAddress(buyer);
      await enqueueMail(
        tx,
        actor,
        {
          templateCode: INVOICE_REMINDER_TEMPLATE,
          to: [to],
          variables: invoiceMailVariables(current, buyer?.client.raisonSocial ?? current.buyer.name, "due"),
          attachments: pdf ? [pdf] : [],
          clientId: current.clientId,
          missionId: current.missionId,
          relatedType: "invoice",
          relatedId: current.id,
        },
        requestId,
      );
      return { values: {}, summary: `Facture ${current.number} relancée (e-mail à ${to})`, action: "remind" };
    },
  });
}
