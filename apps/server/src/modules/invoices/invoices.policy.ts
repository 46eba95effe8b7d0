import { allow, defineResource, granted, guard, isStaff } from "../../lib/policy.js";

/** What the invoice rules look at. */
export interface InvoiceRecord {
  kind: string;
  status: string;
  paidCents: number;
  creditedCents: number;
}

const ISSUED = "Une facture émise ne se modifie plus : corrigez-la par un avoir.";

/**
 * Client invoices: staff only (a client user or an evaluator gets 404: the client portal does not
 * list invoices); INVOICE read to see them, create for a draft, update to edit, issue, record a
 * payment or credit. The state guards answer 409: an issued invoice never changes.
 */
export const invoiceResource = defineResource<InvoiceRecord>()({
  name: "invoice",
  actions: ["read", "create", "update", "issue", "pay", "credit"],
  notFound: "Facture introuvable.",
  scope: isStaff,
});
allow(invoiceResource, "read", (actor) => granted(actor, "INVOICE", "read"));
allow(invoiceResource, "create", (actor) => granted(actor, "INVOICE", "create"));
allow(invoiceResource, ["update", "issue", "pay", "credit"], (actor) => granted(actor, "INVOICE", "update"));

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
      : i.creditedCents > 0
        ? "Cette facture a déjà son avoir."
        : i.paidCents > 0 && "Cette facture a reçu des paiements : remboursez-les avant de l'annuler par un avoir.",
);
