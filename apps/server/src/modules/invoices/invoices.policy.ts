import { allow, defineResource, granted, guard, inScope, isStaff, recordScope } from "../../lib/policy.js";

/** What the invoice rules look at. */
export interface InvoiceRecord {
  clientId: string;
  kind: string;
  status: string;
  totalTtcCents: number;
  paidCents: number;
  creditedCents: number;
  /** The status of the mail that sends it (QUEUED, SENDING, SENT, FAILED), null if never sent. */
  sendingStatus?: string | null;
}

const ISSUED = "Une facture émise ne se modifie plus : corrigez-la par un avoir.";

/**
 * Client invoices: staff with INVOICE read see them, create for a draft, update to edit, issue, send (mail
 * to the client), record a payment or credit. A client user reads their own establishment's issued invoices and credit notes
 * in the portal (a draft, another client's invoice: 404); an evaluator sees none. The state guards
 * answer 409: an issued invoice never changes.
 */
export const invoiceResource = defineResource<InvoiceRecord>()({
  name: "invoice",
  actions: ["read", "create", "update", "issue", "send", "remind", "pay", "credit", "refund"],
  notFound: "Facture introuvable.",
  scope: (actor, i) =>
    isStaff(actor) ||
    (actor.profileType === "MYQUALIANOR" &&
      i.status !== "INVOICE_PREPARE" &&
      inScope(recordScope(actor), { clientId: i.clientId })),
});
allow(invoiceResource, "read", (actor) => granted(actor, "INVOICE", "read") || actor.profileType === "MYQUALIANOR");
allow(invoiceResource, "create", (actor) => granted(actor, "INVOICE", "create"));
allow(invoiceResource, ["update", "issue", "send", "remind", "pay", "credit", "refund"], (actor) =>
  granted(actor, "INVOICE", "update"),
);

guard(invoiceResource, ["update", "issue"], (i) => i.status !== "INVOICE_PREPARE" && ISSUED);
guard(invoiceResource, "pay", (i) =>
  i.kind === "CREDIT_NOTE"
    ? "Un avoir ne reçoit pas de paiement."
    : i.status === "INVOICE_PREPARE"
      ? "Émettez la facture avant d'enregistrer un paiement."
      : i.status === "INVOICE_PAID" && "Cette facture est soldée.",
);
guard(invoiceResource, "credit", (i) =>
  i.kind === "CREDIT_NOTE"
    ? "Un avoir ne s'annule pas par un autre avoir."
    : i.status === "INVOICE_PREPARE"
      ? "Un brouillon se corrige directement : seul une facture émise s'annule par un avoir."
      : i.totalTtcCents - i.creditedCents <= 0 &&
        "Des avoirs couvrent déjà toute la facture : il ne reste rien à créditer.",
);
guard(
  invoiceResource,
  "refund",
  (i) => i.paidCents + i.creditedCents <= i.totalTtcCents && "Aucun remboursement n'est dû sur cette facture.",
);
guard(invoiceResource, "send", (i) =>
  i.kind === "CREDIT_NOTE"
    ? "Un avoir ne s'envoie pas par « Envoyer » : joignez-le à un e-mail depuis l'écran E-mails."
    : i.status === "INVOICE_PREPARE"
      ? "Émettez la facture avant de l'envoyer."
      : (i.sendingStatus === "QUEUED" || i.sendingStatus === "SENDING") &&
        "L'envoi de cette facture est déjà en cours : attendez son résultat.",
);
// "Relancer" by hand: only what the client has received and still owes (the due date is checked with the clock).
guard(invoiceResource, "remind", (i) =>
  i.kind === "CREDIT_NOTE"
    ? "Un avoir ne se relance pas."
    : i.status === "INVOICE_PREPARE"
      ? "Brouillon : émettez et envoyez la facture avant de la relancer."
      : i.status === "INVOICE_ISSUED"
        ? "Facture pas encore envoyée au client : envoyez-la avant de la relancer."
        : i.totalTtcCents - i.paidCents - i.creditedCents <= 0 && "Facture soldée : rien à relancer.",
);
