/** Splits digits in pairs: "0612345678" → "06 12 34 56 78". */
function pairs(digits: string): string {
  return (digits.match(/.{1,2}/g) ?? []).join(" ");
}

/**
 * Phone numbers grouped in pairs (spec §3, §9). French international numbers become
 * "+33 6 12 34 56 78"; other countries keep the caller's own grouping, as their
 * country-code length varies and regrouping would mislead.
 */
export function formatPhone(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? "";
  if (!trimmed) return "";
  const digits = trimmed.replace(/\D/g, "");
  if (!digits) return trimmed;
  const international = trimmed.startsWith("+") ? digits : trimmed.startsWith("00") ? digits.slice(2) : null;
  if (international === null) return pairs(digits);
  if (international.startsWith("33") && international.length === 11) {
    return `+33 ${international.slice(2, 3)} ${pairs(international.slice(3))}`;
  }
  return trimmed.replace(/\s+/g, " ");
}
