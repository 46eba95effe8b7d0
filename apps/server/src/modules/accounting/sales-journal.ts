import { computeInvoiceTotals, formatDate } from "@certidesk/shared";
import type { invoiceLines, invoiceSettings, invoices } from "../../db/schema/index.js";

type Settings = typeof invoiceSettings.$inferSelect;
interface JournalInvoice {
  invoice: typeof invoices.$inferSelect;
  clientName: string;
  lines: Array<typeof invoiceLines.$inferSelect>;
}

const amount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const cell = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The sales journal of a period, as accounting software imports it (semicolon-separated, decimal
 * comma, dd/mm/yyyy, UTF-8 with BOM): for each invoice, the customer account in debit for the
 * total including VAT, the sales account of each VAT rate and its VAT account in credit; a credit
 * note the other way round. Each entry balances.
 */
export function buildSalesJournal(rows: JournalInvoice[], s: Settings): string {
  const salesAccount = (rate: number) =>
    rate === 0.2 ? s.accountSales20 : rate === 0.085 ? s.accountSales85 : s.accountSalesExempt;
  const vatAccount = (rate: number) => (rate === 0.2 ? s.accountVat20 : s.accountVat85);
  const out = [["Journal", "Date", "Pièce", "Compte", "Libellé", "Débit", "Crédit"].join(";")];
  for (const { invoice: i, clientName, lines } of rows) {
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
        [s.journalCode, formatDate(i.issueDate), i.number ?? "", account, label, side ? value : "", side ? "" : value]
          .map((v) => cell(v))
          .join(";"),
      );
    };
    entry(s.accountCustomer, totals.totalTtcCents, !credit);
    for (const v of totals.vat) {
      entry(salesAccount(v.vatRate), v.baseCents, credit);
      if (v.vatRate > 0) entry(vatAccount(v.vatRate), v.vatCents, credit);
    }
  }
  return `\uFEFF${out.join("\r\n")}\r\n`;
}
