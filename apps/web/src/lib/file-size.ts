const UNITS = ["o", "Ko", "Mo", "Go", "To"] as const;

/** A byte count as a French reader expects it: "512 o", "1,5 Ko", "23 Mo" (octets, comma decimals). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${Math.round(bytes)} o`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal under 10 (1,5 Mo tells more than 2 Mo), none above.
  const digits = value < 10 ? 1 : 0;
  let rounded = Number(value.toFixed(digits));
  // 1023,7 Ko rounds to 1024 Ko: say 1 Mo instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  const text = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: digits }).format(rounded);
  return `${text} ${UNITS[unit]}`;
}
