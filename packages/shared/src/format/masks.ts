/** Input masks of spec §5. Each check returns null when valid, else what was expected and what was typed. */

export interface MaskError {
  mask: string;
  actualValue: string;
}

export const MASKS = {
  ip: "000.000.000.000",
  taxId: "11 ou 14 chiffres",
  email: "texte@texte.texte",
  time: "HH:mm",
  percentage: "0 à 100",
} as const;

type MaskCheck = (value: string | null | undefined) => MaskError | null;

/** Empty values pass: whether a field is mandatory is the `required` validator's job. */
function maskCheck(mask: string, isValid: (text: string) => boolean): MaskCheck {
  return (value) => {
    const text = value?.trim() ?? "";
    if (text === "" || isValid(text)) return null;
    return { mask, actualValue: value ?? "" };
  };
}

const IP = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PERCENT = /^\d+(?:[.,]\d+)?$/;

/** IPv4 address, every octet at most 255. */
export const validateIp = maskCheck(MASKS.ip, (text) => {
  const octets = IP.exec(text);
  return octets?.slice(1).every((o) => Number(o) <= 255) === true;
});

/** National tax identifier: 11 or 14 digits (spec §5), spaces tolerated. */
export const validateTaxId = maskCheck(MASKS.taxId, (text) => {
  const digits = text.replace(/\s/g, "");
  return /^\d+$/.test(digits) && (digits.length === 11 || digits.length === 14);
});

/** text@text.text */
export const validateEmailMask = maskCheck(MASKS.email, (text) => EMAIL.test(text));

/** HH:mm, 00:00 to 23:59; incomplete values such as "12:3" are rejected. */
export const validateTime = maskCheck(MASKS.time, (text) => TIME.test(text));

/** 0 to 100, decimals allowed with '.' or ','. */
export const validatePercentage = maskCheck(MASKS.percentage, (text) => {
  if (!PERCENT.test(text)) return false;
  const n = Number(text.replace(",", "."));
  return n >= 0 && n <= 100;
});

/** Shapes typing into HH:mm ("123" → "12:3"); validation still rejects the incomplete value. */
export function maskTime(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** Keeps digits only, up to `maxLength`. */
export function maskDigits(input: string, maxLength?: number): string {
  const digits = input.replace(/\D/g, "");
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/** The French message a form shows for a mask error. */
export function maskErrorMessage(error: MaskError): string {
  return `Format attendu : ${error.mask}.`;
}
