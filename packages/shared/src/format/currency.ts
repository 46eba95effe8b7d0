import { toNumber } from "./number.js";

/**
 * The one space of formatted numbers: a no-break space (U+00A0), between thousands and before
 * the unit. Intl's fr-FR uses a narrow no-break space (U+202F) for thousands, which the PDF
 * fonts lack and some mail clients show as a box; one character everywhere keeps screens, PDFs,
 * mails and tests in step.
 */
export const NBSP = "\u00a0";
const ANY_SPACE = /[\u00a0\u202f ]/g;

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const decimalFormats = new Map<string, Intl.NumberFormat>();

/** Rounds half away from zero through the exponent, so 1.005 → 1.01 (1.005 × 100 is 100.4999…). */
function roundTo(n: number, decimals: number): number {
  const shifted = Math.round(Number(`${Math.abs(n)}e${decimals}`));
  const rounded = Number(`${shifted}e-${decimals}`);
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Money as French users write it: `3 900,00 €` (Intl fr-FR, no-break spaces); empty or non-numeric gives `0,00 €`. */
export function formatCurrency(value: unknown): string {
  const n = toNumber(value) ?? 0;
  return euros.format(roundTo(n, 2)).replace(ANY_SPACE, NBSP);
}

interface DecimalFormatOptions {
  /** Default 0. */
  minDecimals?: number;
  /** Default 2. */
  maxDecimals?: number;
}

/** A French decimal: `1,5`, `1 234,25`; empty or non-numeric gives "". */
export function formatDecimal(value: unknown, options: DecimalFormatOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return "";
  const { minDecimals = 0, maxDecimals = 2 } = options;
  const key = `${minDecimals}-${maxDecimals}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    decimalFormats.set(key, format);
  }
  return format.format(roundTo(n, maxDecimals)).replace(ANY_SPACE, NBSP);
}

/** A number of days: `1,5 j`, `0,25 j`. */
export function formatDays(value: unknown): string {
  const text = formatDecimal(value);
  return text ? `${text}${NBSP}j` : "";
}

/** A quantity with an optional unit: `3`, `1,5 j`. */
export function formatQuantity(value: unknown, unit?: string): string {
  const text = formatDecimal(value);
  return text && unit ? `${text}${NBSP}${unit}` : text;
}

/**
 * Reads a decimal typed either way: `0,5`, `0.5`, `150,50`, `1 234,5` (spaces and no-break
 * spaces as thousands). Empty, unfinished (`-`, `,`) or non-numeric text gives null.
 */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(compact)) return null;
  const n = Number(compact.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

/** Number formats of the XLSX exports: cells hold numbers and dates, Excel shows them the French way. */
export const EXCEL_FORMATS = {
  money: '#,##0.00 "€"',
  decimal: "#,##0.##",
  date: "dd/mm/yyyy",
  /** The spec's follow-up date (dateRelance) keeps its two-digit year. */
  relanceDate: "dd/mm/yy",
} as const;
