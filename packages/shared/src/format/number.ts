/** Number formatting shared by screens, PDFs and exports (spec §9: space thousands, '.' or ',' decimals). */

type DecimalSeparator = "." | ",";

interface NumberFormatOptions {
  /** Digits after the decimal marker; default 2. */
  decimals?: number;
  /** Default a space, as the spec says. */
  thousandSeparator?: string;
  /** Default '.'. */
  decimalSeparator?: DecimalSeparator;
}

const SPACES = /[\s\u00a0\u202f]/g;
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** Reads numbers and numeric strings ("1234.5", "1 234,5"); anything else is null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const compact = value.replace(SPACES, "").replace(",", ".");
  if (!NUMERIC.test(compact)) return null;
  return Number(compact);
}

/** Inserts the separator every three digits from the right. */
export function groupThousands(digits: string, separator = " "): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Rounds half away from zero and returns [integer digits, fraction digits]. */
function roundedParts(abs: number, decimals: number): [string, string] {
  // Shifting through the exponent keeps 1.005 → 1.01; multiplying by 100 would give 100.4999….
  const shifted = Math.round(Number(`${abs}e${decimals}`));
  if (!Number.isFinite(shifted)) {
    const [int = "0", frac = ""] = abs.toFixed(decimals).split(".");
    return [int, frac];
  }
  if (decimals === 0) return [String(shifted), ""];
  const digits = String(shifted).padStart(decimals + 1, "0");
  return [digits.slice(0, -decimals), digits.slice(-decimals)];
}

/** Formats a number ("1 234.50"); empty or non-numeric input gives "". */
export function formatNumber(value: unknown, options: NumberFormatOptions = {}): string {
  const n = toNumber(value);
  if (n === null) return "";
  const { decimals = 2, thousandSeparator = " ", decimalSeparator = "." } = options;
  const [int, frac] = roundedParts(Math.abs(n), decimals);
  const isZero = /^0*$/.test(int + frac);
  const sign = n < 0 && !isZero ? "-" : "";
  const grouped = groupThousands(int, thousandSeparator);
  return frac ? `${sign}${grouped}${decimalSeparator}${frac}` : `${sign}${grouped}`;
}

interface NumberMaskOptions extends NumberFormatOptions {
  allowNegative?: boolean;
}

/**
 * Shapes what the user is typing into a masked number ("1234567,8" → "1 234 567,8").
 * Either '.' or ',' is taken as the decimal marker so both keyboards work.
 */
export function applyNumberMask(input: string, options: NumberMaskOptions = {}): string {
  const { decimals = 2, thousandSeparator = " ", decimalSeparator = ".", allowNegative = false } = options;
  const trimmed = input.trim();
  const negative = allowNegative && trimmed.startsWith("-");
  const body = trimmed.replace(SPACES, "").split(thousandSeparator).join("");
  const markerAt = decimals > 0 ? body.search(/[.,]/) : -1;
  const intDigits = (markerAt === -1 ? body : body.slice(0, markerAt)).replace(/\D/g, "");
  const int = intDigits.replace(/^0+(?=\d)/, "");
  const sign = negative ? "-" : "";
  if (markerAt === -1) return `${sign}${groupThousands(int, thousandSeparator)}`;
  const frac = body
    .slice(markerAt + 1)
    .replace(/\D/g, "")
    .slice(0, decimals);
  return `${sign}${groupThousands(int || "0", thousandSeparator)}${decimalSeparator}${frac}`;
}

/** Reads back a value shaped by applyNumberMask; empty gives null. */
export function parseMaskedNumber(masked: string, options: NumberFormatOptions = {}): number | null {
  const { thousandSeparator = " ", decimalSeparator = "." } = options;
  const plain = masked.split(thousandSeparator).join("").replace(SPACES, "").replace(decimalSeparator, ".");
  if (plain === "" || plain === "-") return null;
  return toNumber(plain);
}
