import { toDateParts } from "@certidesk/shared";

/** Digits typed become "jj/mm/aaaa" as they come: 12032026 → 12/03/2026. */
export function maskFrenchDate(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "12/03/2026" → "2026-03-12" (what the API's date filters take); null when not a real day. */
export function frenchDateToIso(text: string): string | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return null;
  const parts = toDateParts(text);
  return parts ? `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` : null;
}
