import { formatDate } from "../format/index.js";

/** Settings › Frais: days an expense may fall outside the mission's dates before it is flagged. */
export const DEFAULT_EXPENSE_DATE_MARGIN_DAYS = 7;

export const FUTURE_EXPENSE_MESSAGE =
  "La date de la dépense ne peut pas être dans le futur : déclarez-la une fois engagée.";

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const days = (n: number) => (n > 1 ? `${n} jours` : `${n} jour`);

/**
 * Why an expense's date deserves a look from the staff who validate it, or null: dated more than
 * `marginDays` before the mission's first day or after its last. A mission without dates flags
 * nothing. The staff screen and the evaluator's space both read it, so they tell the same story.
 */
export function expenseDateWarning(
  date: string,
  mission: { firstDay: string | null; lastDay: string | null },
  marginDays: number,
): string | null {
  const { firstDay, lastDay } = mission;
  if (!firstDay || !lastDay) return null;
  const before = dayNumber(firstDay) - dayNumber(date);
  if (before > marginDays)
    return `Datée du ${formatDate(date)}, ${days(before)} avant le début de la mission (${formatDate(firstDay)}) : au-delà de la marge de ${days(marginDays)}.`;
  const after = dayNumber(date) - dayNumber(lastDay);
  if (after > marginDays)
    return `Datée du ${formatDate(date)}, ${days(after)} après la fin de la mission (${formatDate(lastDay)}) : au-delà de la marge de ${days(marginDays)}.`;
  return null;
}
