/**
 * Invoice arithmetic in cents, the same on the screen, in the API, in the PDF and in the Factur-X
 * XML: each line is rounded to the cent, then VAT is computed once per rate on the sum of its lines
 * (EN 16931 BR-CO-17), and the totals are sums of cents.
 */
export interface InvoiceLineAmounts {
  /** Quantity, up to two decimals; negative for a deduction (a deposit already invoiced). */
  quantity: number;
  /** Unit price without VAT, in cents, never negative (BR-27). */
  unitPriceCents: number;
  vatRate: number;
}

export interface VatBreakdown {
  vatRate: number;
  baseCents: number;
  vatCents: number;
}

export interface InvoiceTotals {
  lines: number[];
  vat: VatBreakdown[];
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
}

/** A half-away-from-zero rounding of a cent amount (a deduction rounds like its positive). */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value) + 1e-9);

export const lineTotalCents = (l: Pick<InvoiceLineAmounts, "quantity" | "unitPriceCents">) =>
  round(l.quantity * l.unitPriceCents);

export function computeInvoiceTotals(lines: readonly InvoiceLineAmounts[]): InvoiceTotals {
  const lineCents = lines.map(lineTotalCents);
  const byRate = new Map<number, number>();
  lines.forEach((l, i) => {
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + (lineCents[i] ?? 0));
  });
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([vatRate, baseCents]) => ({ vatRate, baseCents, vatCents: round(baseCents * vatRate) }));
  const totalHtCents = lineCents.reduce((a, b) => a + b, 0);
  const totalVatCents = vat.reduce((a, b) => a + b.vatCents, 0);
  return { lines: lineCents, vat, totalHtCents, totalVatCents, totalTtcCents: totalHtCents + totalVatCents };
}

/** Euros (as typed, 1234.5) to cents; refuses more than two decimals by rounding to the cent. */
export const toCents = (euros: number) => round(euros * 100);
export const fromCents = (cents: number) => cents / 100;
