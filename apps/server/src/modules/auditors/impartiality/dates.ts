import { formatMonthLabel } from "@certidesk/shared";

/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so no time zone shifts a day. */

const parse = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
};
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The same day n months later (or earlier), clamped to the month's end: 31/03 − 1 month = 28/02. */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}
export const addYears = (date: string, years: number) => addMonths(date, years * 12);

export function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether [start, end] (end null: still running) and [from, to] share at least one day. */
export const overlaps = (start: string, end: string | null, from: string, to: string) =>
  start <= to && (end === null || end >= from);

export const monthOf = (date: string) => date.slice(0, 7);

export const monthLabel = (month: string) => formatMonthLabel(month.slice(0, 7));
export const frDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
