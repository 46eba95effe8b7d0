import { foldText } from "../../lib/search-text.js";

/**
 * The auxiliary account a client is given, from its name: the prefix (411) and up to eight letters or
 * digits of the name without accents ("EHPAD Les Roses" → 411EHPADLESR). When taken, the first six and a
 * two-digit rank (411EHPADL02). `taken` holds every code already given that starts like the base.
 */
export function clientAccountCode(prefix: string, name: string, taken: ReadonlySet<string>): string {
  const letters =
    foldText(name)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "") || "CLIENT";
  const base = `${prefix}${letters.slice(0, 8)}`;
  if (!taken.has(base)) return base;
  const stem = `${prefix}${letters.slice(0, 6)}`;
  for (let rank = 2; ; rank++) {
    const code = `${stem}${String(rank).padStart(2, "0")}`;
    if (!taken.has(code)) return code;
  }
}
