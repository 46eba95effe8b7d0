import { type DecimalSeparator, formatNumber } from "./number.js";

interface CurrencyFormatOptions {
  /** Default '.', as on the screens ("1 234.50 €"). */
  decimalSeparator?: DecimalSeparator;
  /** Default a space. */
  thousandSeparator?: string;
}

/** Money with two decimals and the euro sign; empty or non-numeric shows "0.00 €" (spec §9). */
export function formatCurrency(value: unknown, options: CurrencyFormatOptions = {}): string {
  const formatted = formatNumber(value, { ...options, decimals: 2 });
  return `${formatted || formatNumber(0, { ...options, decimals: 2 })} €`;
}
