/** Rules of the numeric-only input (spec §5). */
export interface NumericRules {
  /**
   * The decimal marker shown, default ',' as French users write. Both ',' and '.' are accepted
   * when typing or pasting (a French keyboard's numeric pad types '.'), and shown as this one.
   */
  decimalSeparator?: "." | ",";
  /** Default true. */
  allowDecimal?: boolean;
  /** A leading minus is kept only when true. */
  allowNegative?: boolean;
  min?: number;
  max?: number;
  /** Checked on every change, so it must accept partial input (e.g. /^\d{0,5}$/). */
  pattern?: RegExp;
  maxLength?: number;
}

const isMarker = (char: string) => char === "." || char === ",";

/**
 * Pasted text with both kinds of marker ("1.234,50", "1,234.50") groups thousands with the
 * first kind: only the last marker is the decimal one.
 */
function dropThousandsMarkers(pasted: string): string {
  if (!pasted.includes(".") || !pasted.includes(",")) return pasted;
  const decimalAt = Math.max(pasted.lastIndexOf("."), pasted.lastIndexOf(","));
  return [...pasted].filter((char, index) => !isMarker(char) || index === decimalAt).join("");
}

/**
 * Keeps digits, one decimal marker (typed '.' or ',', shown as `decimalSeparator`) and a leading
 * minus when allowed; cuts at maxLength.
 */
export function sanitizeNumeric(raw: string, rules: NumericRules = {}): string {
  const { decimalSeparator = ",", allowDecimal = true, allowNegative = false, maxLength } = rules;
  const markerAt = allowDecimal ? [...raw].findIndex(isMarker) : -1;
  let out = "";
  [...raw].forEach((char, index) => {
    if (char >= "0" && char <= "9") out += char;
    else if (char === "-" && allowNegative && out === "") out = "-";
    else if (index === markerAt) out += decimalSeparator;
  });
  return maxLength === undefined ? out : out.slice(0, maxLength);
}

/** The value as a number, or null while it is empty or unfinished ("-", ","). */
export function numericValue(text: string, _rules: NumericRules = {}): number | null {
  const normalised = text.replace(/[.,]/, ".");
  if (!/\d/.test(normalised)) return null;
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}

/**
 * Whether a sanitised value may stand while typing. Adding digits only moves a positive
 * number up and a negative one down, so only those overshoots can never come back in range;
 * the other bound is enforced on blur by clampNumeric.
 */
export function isAcceptableNumeric(text: string, rules: NumericRules = {}): boolean {
  if (rules.maxLength !== undefined && text.length > rules.maxLength) return false;
  if (rules.pattern && !new RegExp(rules.pattern.source, rules.pattern.flags.replace("g", "")).test(text)) return false;
  const n = numericValue(text, rules);
  if (n === null) return true;
  if (rules.max !== undefined && n >= 0 && n > rules.max) return false;
  if (rules.min !== undefined && n < 0 && n < rules.min) return false;
  return true;
}

/** On blur: brings the value within min and max, and drops an unfinished "-" or trailing separator. */
export function clampNumeric(text: string, rules: NumericRules = {}): string {
  const n = numericValue(text, rules);
  if (n === null) return "";
  const separator = rules.decimalSeparator ?? ",";
  const trimmed = isMarker(text.slice(-1)) ? text.slice(0, -1) : text;
  if (rules.min !== undefined && n < rules.min) return String(rules.min).replace(".", separator);
  if (rules.max !== undefined && n > rules.max) return String(rules.max).replace(".", separator);
  return trimmed;
}

/**
 * Pasted or dropped text, cleaned and inserted at the selection. What would pass the
 * maximum length is cut off rather than refusing the whole paste.
 */
export function insertNumeric(
  current: string,
  inserted: string,
  selectionStart: number,
  selectionEnd: number,
  rules: NumericRules = {},
): string {
  const before = current.slice(0, selectionStart);
  const after = current.slice(selectionEnd);
  const cleanInserted = sanitizeNumeric(dropThousandsMarkers(inserted), { ...rules, maxLength: undefined });
  const room = rules.maxLength === undefined ? cleanInserted.length : rules.maxLength - before.length - after.length;
  const merged = before + cleanInserted.slice(0, Math.max(0, room)) + after;
  return sanitizeNumeric(merged, rules);
}
