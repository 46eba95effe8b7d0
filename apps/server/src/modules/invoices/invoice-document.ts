import type { InvoiceKind, InvoiceLineKind, InvoiceTotals } from "@certidesk/shared";
import type { InvoicePartySnapshot, InvoiceTermsSnapshot } from "../../db/schema/index.js";

/**
 * Everything an issued invoice says, frozen: the PDF and its Factur-X XML are both built from this
 * one value, so what a person reads and what a machine reads cannot differ.
 */
export interface InvoiceDocumentData {
  kind: InvoiceKind;
  number: string;
  issueDate: string;
  dueDate: string;
  seller: InvoicePartySnapshot;
  buyer: InvoicePartySnapshot;
  buyerReference: { buyerSiret: string | null; serviceCode: string | null; engagementNumber: string | null };
  contractNumber: string;
  /** The establishment evaluated and the last visit day (delivery date, BT-72), when known. */
  establishment: string | null;
  deliveryDate: string | null;
  lines: Array<{
    kind: InvoiceLineKind;
    label: string;
    quantity: number;
    unitPriceCents: number;
    vatRate: number;
    totalHtCents: number;
  }>;
  totals: InvoiceTotals;
  terms: InvoiceTermsSnapshot;
  /** For a credit note: the invoice it cancels (BT-25, BT-26). */
  creditedInvoice: { number: string; issueDate: string } | null;
  creditReason: string | null;
  notes: string | null;
  /** The issue instant: the PDF's creation date (same data, same bytes). */
  issuedAt: Date;
}

/** The recovery indemnity of article L441-10 of the Code de commerce, in euros. */
export const RECOVERY_INDEMNITY_EUROS = 40;
/** The VAT exemption reason printed and carried for an exempt line (category E). */
export const VAT_EXEMPTION_REASON = "Exonération de TVA, article 261-4-4° du CGI";

export const latePaymentMention = (terms: InvoiceTermsSnapshot) =>
  `En cas de retard de paiement, pénalités au taux de ${terms.latePenaltyRate}, exigibles dès le lendemain de l'échéance, et indemnité forfaitaire pour frais de recouvrement de ${RECOVERY_INDEMNITY_EUROS} € (articles L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.`;

export const paymentTermsMention = (terms: InvoiceTermsSnapshot) =>
  terms.paymentTermsDays === 0
    ? "Paiement à réception de facture."
    : `Paiement à ${terms.paymentTermsDays} jours date de facture.`;

export const sirenOf = (siret: string | null) => (siret && siret.length >= 9 ? siret.slice(0, 9) : null);
