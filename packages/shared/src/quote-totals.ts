/** Quote arithmetic, the same on the screen, in the API and in the PDF: computed in cents, no float drift. */
interface QuoteLineInput {
  days: number;
  unitPrice: number;
  quantity: number;
}

interface QuoteTotals {
  lines: number[];
  /** The flat travel fee when the mode is 3 'Forfait', else 0 (1 'frais en sus' is billed later, 2 is included). */
  travel: number;
  totalHT: number;
  totalVAT: number;
  totalTTC: number;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;

export function computeQuoteTotals(
  lines: readonly QuoteLineInput[],
  vatRate: number,
  travelExpenseMode: number,
  travelExpenseAmount: number | null | undefined,
): QuoteTotals {
  const lineCents = lines.map((l) => Math.round(l.days * l.quantity * cents(l.unitPrice)));
  const travelCents = travelExpenseMode === 3 ? cents(travelExpenseAmount ?? 0) : 0;
  const ht = lineCents.reduce((a, b) => a + b, 0) + travelCents;
  const vat = Math.round(ht * vatRate);
  return {
    lines: lineCents.map(euros),
    travel: euros(travelCents),
    totalHT: euros(ht),
    totalVAT: euros(vat),
    totalTTC: euros(ht + vat),
  };
}
