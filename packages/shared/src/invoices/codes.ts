/**
 * The spec's invoice statuses (section 4), plus INVOICE_ISSUED: issued (numbered, frozen) but not yet sent.
 * The spec's INVOICE_SEND means sent and unpaid, so an issued invoice only reaches it when the mail that
 * carries it has left (the outbox marks it sent). What the list filters and the mission's Facture tab show.
 */
export const INVOICE_STATUSES = [
  "INVOICE_TO_DO",
  "INVOICE_PREPARE",
  "INVOICE_ISSUED",
  "INVOICE_SEND",
  "INVOICE_PARTIALLY_PAID",
  "INVOICE_PAID",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  INVOICE_TO_DO: "À faire",
  INVOICE_PREPARE: "À facturer (brouillon)",
  INVOICE_ISSUED: "Émise, non envoyée",
  INVOICE_SEND: "Envoyée, non payée",
  INVOICE_PARTIALLY_PAID: "Partiellement payée",
  INVOICE_PAID: "Payée",
};

/** DEPOSIT (acompte), BALANCE (solde après la visite), CREDIT_NOTE (avoir, references the invoice it cancels). */
export const INVOICE_KINDS = ["DEPOSIT", "BALANCE", "CREDIT_NOTE"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  DEPOSIT: "Acompte",
  BALANCE: "Solde",
  CREDIT_NOTE: "Avoir",
};

/** SERVICE (prestation), TRAVEL (frais en sus, rebilled), FLAT_FEE (forfait de déplacement), DEPOSIT_DEDUCTION. */
export const INVOICE_LINE_KINDS = ["SERVICE", "TRAVEL", "FLAT_FEE", "DEPOSIT_DEDUCTION"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const INVOICE_LINE_KIND_LABELS: Record<InvoiceLineKind, string> = {
  SERVICE: "Prestation",
  TRAVEL: "Frais de déplacement",
  FLAT_FEE: "Forfait de déplacement",
  DEPOSIT_DEDUCTION: "Acompte déduit",
};

export const PAYMENT_METHODS = ["TRANSFER", "CHEQUE", "CARD", "DIRECT_DEBIT", "CASH"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  TRANSFER: "Virement",
  CHEQUE: "Chèque",
  CARD: "Carte bancaire",
  DIRECT_DEBIT: "Prélèvement",
  CASH: "Espèces",
};

/** The spec's VAT rates. */
export const INVOICE_VAT_RATES = [0.2, 0.085, 0] as const;
