import { computeInvoiceTotals, formatDate } from "@certidesk/shared";
import type { accountingSettings } from "../../db/schema/index.js";

/** The accounts of Settings › Comptabilité: the FEC's, so the two exports never disagree. */
type Accounts = Pick<
  typeof accountingSettings.$inferSelect,
  | "salesJournalCode"
  | "customerAccount"
  | "salesAccount20"
  | "salesAccount85"
  | "salesAccountExempt"
  | "vatAccount20"
  | "vatAccount85"
>;
interface JournalInvoice {
  kind: string;
  number: string | null;
  issueDate: string | null;
  clientName: string;
  lines: Array<{ quantity: string | number; unitPriceCents: number; vatRate: string | number }>;
}

const amount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const cell = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The sales journal of a period as a CSV that accounting software imports (semicolon-separated, decimal
 * comma, dd/mm/yyyy, UTF-8 with BOM): for each invoice, the customer account in debit for the
 * total including VAT, the sales account of each VAT rate and its VAT account in credit; a credit
 * note the other way round. Each entry balances.
 */
export function buildSalesJournal(rows: JournalInvoice[], s: Accounts): string {
  const salesAccount = (rate: number) =>
    rate === 0.2 ? s.salesAccount20 : rate === 0.085 ? s.salesAccount85 : s.salesAccountExempt;
  const vatAccount = (rate: number) => (rate === 0.2 ? s.vatAccount20 : s.vatAccount85);
  const out = [["Journal", "Date", "Pièce", "Compte", "Libellé", "Débit", "Crédit"].join(";")];
  for (const { clientName, lines, ...i } of rows) {
    const totals = computeInvoiceTotals(
      lines.map((l) => ({
        quantity: Number(l.quantity),
        unitPriceCents: l.unitPriceCents,
        vatRate: Number(l.vatRate),
      })),
    );
    const credit = i.kind === "CREDIT_NOTE";
    const label = `${credit ? "Avoir" : "Facture"} ${i.number} ${clientName}`;
    const entry = (account: string, cents: number, debit: boolean) => {
      if (cents === 0) return;
      // A negative amount (a deduction larger than its base) goes to the other side.
      const side = cents < 0 ? !debit : debit;
      const value = amount(Math.abs(cents));
      out.push(
        [
          s.salesJournalCode,
          formatDate(i.issueDate),
          i.number ?? "",
          account,
          label,
          side ? value : "",
          side ? "" : value,
        ]
          .map((v) => cell(v))
          .join(";"),
      );
    };
    entry(s.customerAccount, totals.totalTtcCents, !credit);
    for (const v of totals.vat) {
      entry(salesAccount(v.vatRate), v.baseCents, credit);
      if (v.vatRate > 0) entry(vatAccount(v.vatRate), v.vatCents, credit);
    }
  }
  return `\uFEFF${out.join("\r\n")}\r\n`;
}
