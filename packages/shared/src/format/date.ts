/** Dates as French users read them: DD/MM/YYYY everywhere, follow-up dates included (issue 39). */

export type DateInput = Date | string | number | null | undefined;

interface DateFormatOptions {
  /**
   * Zone used for instants (timestamps). Default Europe/Paris so a PDF rendered on a UTC
   * server shows the same day as the screen in France.
   */
  timeZone?: string;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Label shown before a follow-up date (spec §3: dateRelance "with label 'Relance'"). */
export const RELANCE_LABEL = "Relance";
/** Shown for an evaluation that has no date yet. */
export const EVALUATION_TO_SCHEDULE = "à programmer";
export const DEFAULT_TIME_ZONE = "Europe/Paris";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DAY = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOfInstant(date: Date, timeZone: string): DateParts | null {
  if (Number.isNaN(date.getTime())) return null;
  const parts = formatterFor(timeZone).formatToParts(date);
  const read = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: read("year"), month: read("month"), day: read("day") };
}

function validParts(year: number, month: number, day: number): DateParts | null {
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The calendar day of a value. Day-only strings ("2024-03-05", "05/03/24") are calendar
 * days and are never shifted by a time zone; instants are read in `timeZone`.
 */
export function toDateParts(value: DateInput, options: DateFormatOptions = {}): DateParts | null {
  if (value === null || value === undefined || value === "") return null;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  if (value instanceof Date) return partsOfInstant(value, timeZone);
  if (typeof value === "number") return partsOfInstant(new Date(value), timeZone);
  const text = value.trim();
  const iso = ISO_DAY.exec(text);
  if (iso) return validParts(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const french = FRENCH_DAY.exec(text);
  if (french) {
    const year = Number(french[3]);
    return validParts(year < 100 ? 2000 + year : year, Number(french[2]), Number(french[1]));
  }
  return partsOfInstant(new Date(text), timeZone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The one date format: DD/MM/YYYY; empty or invalid gives "". */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const p = toDateParts(value, options);
  if (!p) return "";
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
}

/**
 * Follow-up date (dateRelance). The spec wrote it DD/MM/YY; a two-digit year beside full ones read
 * as a different format, so it is DD/MM/YYYY like every other date (issue 39).
 */
export function formatRelanceDate(value: DateInput, options?: DateFormatOptions): string {
  return formatDate(value, options);
}

/**
 * The calendar day as a Date at UTC midnight, which exceljs writes as that day's Excel serial
 * (a real date cell, not text); empty or invalid gives null.
 */
export function toExcelDate(value: DateInput, options?: DateFormatOptions): Date | null {
  const p = toDateParts(value, options);
  return p ? new Date(Date.UTC(p.year, p.month - 1, p.day)) : null;
}

/** ISO day (YYYY-MM-DD) of a value, as the API exchanges calendar days; empty or invalid gives null. */
export function toIsoDay(value: DateInput, options?: DateFormatOptions): string | null {
  const p = toDateParts(value, options);
  return p ? `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` : null;
}

const TYPED_DAY = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{2}|\d{4})$/;
const TYPED_COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

/**
 * A day as typed by a French user: 25/12/2026, 5/1/26, 05.01.2026, 05012026, or ISO
 * 2026-01-05. Gives the ISO day (YYYY-MM-DD), or null when it is not a real date.
 */
export function parseFrenchDate(text: string | null | undefined): string | null {
  const value = text?.trim() ?? "";
  if (ISO_DAY.test(value)) return toIsoDay(value);
  const match = TYPED_DAY.exec(value) ?? TYPED_COMPACT.exec(value);
  if (!match) return null;
  const year = Number(match[3]);
  const parts = validParts(year < 100 ? 2000 + year : year, Number(match[2]), Number(match[1]));
  return parts ? `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` : null;
}

/** Evaluation date, or "à programmer" while none is set. */
export function formatEvaluationDate(value: DateInput, options?: DateFormatOptions): string {
  return formatDate(value, options) || EVALUATION_TO_SCHEDULE;
}

const dayKey = (p: DateParts) => p.year * 10000 + p.month * 100 + p.day;

/**
 * True when the value's day is before today's. A follow-up due today is not late yet,
 * so the comparison is by day rather than by instant.
 */
export function isBeforeToday(value: DateInput, now: Date = new Date(), options?: DateFormatOptions): boolean {
  const day = toDateParts(value, options);
  const today = toDateParts(now, options);
  return day !== null && today !== null && dayKey(day) < dayKey(today);
}

/** Today in Paris as YYYY-MM-DD (the server's "today"), for comparing with ISO dates on screen. */
export const parisToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: DEFAULT_TIME_ZONE }).format(now);

/** The French month names, lower case ("janvier" … "décembre"). */
export const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;

/** "2026-03" (or a day of it) → "mars 2026": statements, statistics, charts and exports. */
export function formatMonthLabel(month: string): string {
  const [year, m] = month.split("-");
  const name = MONTH_NAMES[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}
