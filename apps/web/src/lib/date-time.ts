import { DEFAULT_TIME_ZONE } from "@certidesk/shared";

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: DEFAULT_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant as DD/MM/YYYY HH:mm, read in France's time zone like the rest of the app's dates. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date).replace(",", "");
}
