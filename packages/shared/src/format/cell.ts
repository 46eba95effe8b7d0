import { formatCurrency } from "./currency.js";
import { formatDate, formatEvaluationDate, formatRelanceDate } from "./date.js";
import {
  type ContactLike,
  formatContact,
  formatDisplayValue,
  formatLinkOfInterest,
  formatSpecification,
} from "./display.js";

type KeyFormatter = (value: unknown) => string;

const asDate = (value: unknown) =>
  value instanceof Date || typeof value === "string" || typeof value === "number" ? value : null;

/**
 * Display rules the spec ties to column keys (§3), so a table, a PDF and a spreadsheet
 * export show a row the same way.
 */
const CELL_FORMATTERS: Readonly<Record<string, KeyFormatter>> = {
  evaluationDate: (v) => formatEvaluationDate(asDate(v)),
  dateRelance: (v) => formatRelanceDate(asDate(v)),
  createdAt: (v) => formatDate(asDate(v)),
  specification: formatSpecification,
  unitPrice: (v) => formatCurrency(v),
  displayValue: formatDisplayValue,
  auditorsHasLinkSalarieInEssmsOfSamePostalCodeDisplayName: formatLinkOfInterest,
  contact: (v) => (typeof v === "object" && v !== null ? formatContact(v as ContactLike) : formatDisplayText(v)),
};

/** Generic display of a value without a key rule. */
function formatDisplayText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (value instanceof Date) return formatDate(value);
  if (Array.isArray(value)) return value.map(formatDisplayText).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; label?: unknown };
    return typeof named.name === "string" ? named.name : typeof named.label === "string" ? named.label : "";
  }
  return String(value);
}

/** The text a cell shows for `key`, following the spec's per-key rules. */
export function formatCell(key: string, value: unknown): string {
  const formatter = Object.hasOwn(CELL_FORMATTERS, key) ? CELL_FORMATTERS[key] : undefined;
  return formatter ? formatter(value) : formatDisplayText(value);
}
