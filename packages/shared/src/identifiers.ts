/** French company and establishment identifiers: SIREN, SIRET, intra-EU VAT number, FINESS. */

export const digitsOnly = (value: string) => value.replace(/[\s.-]/g, "");

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 9 digits with a Luhn key. */
export function isValidSiren(value: string): boolean {
  const v = digitsOnly(value);
  return /^\d{9}$/.test(v) && luhn(v);
}

/** 14 digits with a Luhn key; La Poste's establishments (SIREN 356000000) use a digit sum multiple of 5. */
export function isValidSiret(value: string): boolean {
  const v = digitsOnly(value);
  if (!/^\d{14}$/.test(v)) return false;
  if (v.startsWith("356000000")) return [...v].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return luhn(v);
}

/** FR + 2-digit key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
function vatKeyOf(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, "0");
}
export function isValidFrenchVat(value: string): boolean {
  const v = digitsOnly(value).toUpperCase();
  const match = /^FR(\d{2})(\d{9})$/.exec(v);
  if (!match) return false;
  return match[1] === vatKeyOf(match[2] as string);
}
export const vatNumberOf = (siren: string) => `FR${vatKeyOf(siren)}${siren}`;

/**
 * What is wrong with a French VAT number, in French, or null when it is valid: the shape
 * (FR, 2-digit key, 9-digit SIREN) or the key, then naming the number the SIREN gives.
 */
export function frenchVatProblem(value: string): string | null {
  const v = digitsOnly(value).toUpperCase();
  const match = /^FR(\d{2})(\d{9})$/.exec(v);
  if (!match) {
    return "Le numéro de TVA intracommunautaire s'écrit FR, une clé de 2 chiffres puis les 9 chiffres du SIREN (ex. FR40303265045).";
  }
  const siren = match[2] as string;
  if (match[1] === vatKeyOf(siren)) return null;
  return `Clé de TVA incorrecte : pour le SIREN ${siren}, le numéro est ${vatNumberOf(siren)}.`;
}

/** What is wrong with a SIREN (9 digits) or SIRET (14 digits), in French, or null when it is valid. */
export function companyIdProblem(kind: "SIREN" | "SIRET", value: string): string | null {
  const v = digitsOnly(value);
  const length = kind === "SIREN" ? 9 : 14;
  if (!/^\d+$/.test(v) || v.length !== length) {
    const typed = v.replace(/\D/g, "").length;
    return `Le ${kind} doit contenir ${length} chiffres (${typed} saisi${typed > 1 ? "s" : ""}).`;
  }
  const valid = kind === "SIREN" ? isValidSiren(v) : isValidSiret(v);
  return valid ? null : `Ce ${kind} n'existe pas : sa clé de contrôle ne correspond pas, vérifiez les chiffres.`;
}

/** FINESS: 9 characters, département first (2A/2B for Corsica). */
export function isValidFiness(value: string): boolean {
  return /^(\d{2}|2A|2B)\d{7}$/.test(digitsOnly(value).toUpperCase());
}

/** Completes 8 digits into a valid SIREN (9) or 13 into a SIRET (14) with the Luhn key (demo data, tests). */
export function withLuhnKey(partial: string): string {
  for (let key = 0; key <= 9; key++) {
    const candidate = `${partial}${key}`;
    if (luhn(candidate)) return candidate;
  }
  return `${partial}0`;
}
