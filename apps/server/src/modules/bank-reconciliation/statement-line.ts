import { createHash } from "node:crypto";
import { unprocessable } from "../../lib/errors.js";

/** A line of a bank statement as read from the file; amounts in cents, credits positive. */
export interface StatementLine {
  /** The line's identity at the bank: importing it again finds the same key. */
  key: string;
  bookingDate: string;
  amountCents: number;
  label: string;
  reference: string | null;
  counterparty: string | null;
}

export interface ParsedStatement {
  format: "CAMT053" | "CSV";
  accountIban: string | null;
  lines: StatementLine[];
}

/** At most this many lines in one file: a year of a busy account, far more than a statement. */
export const MAX_STATEMENT_LINES = 20_000;

export const cleanText = (v: string) => v.replace(/\s+/g, " ").trim();

/**
 * An amount as a bank writes it (1234.56, 1 234,56, -12,5, 1.234,56 €) in cents; more than two decimals
 * is refused: a statement in euros has cents, and rounding would record a payment the bank never made.
 */
export function parseAmount(raw: string, where: string): number {
  const text = raw.replace(/[\s\u00a0\u202f]|€|EUR/g, "");
  // With both separators the last is the decimal one (1.234,56 or 1,234.56); alone, "," or "." is decimal.
  const decimalSep = text.lastIndexOf(",") > text.lastIndexOf(".") ? "," : ".";
  const thousandsSep = decimalSep === "," ? "." : ",";
  const match = new RegExp(`^([+-]?)(\\d{1,3}(?:\\${thousandsSep}\\d{3})+|\\d+)(?:\\${decimalSep}(\\d+))?$`).exec(text);
  if (!match) throw unprocessable(`${where} : montant illisible « ${raw} ».`);
  const [, sign, whole = "0", decimals = ""] = match;
  if (decimals.length > 2)
    throw unprocessable(
      `${where} : le montant « ${raw} » a ${decimals.length} décimales ; un relevé en euros n'en a que deux. Rien n'a été importé.`,
    );
  const cents = Number(whole.replaceAll(thousandsSep, "")) * 100 + Number(decimals.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > 100_000_000_000)
    throw unprocessable(`${where} : montant hors limites « ${raw} ».`);
  return sign === "-" ? -cents : cents;
}

/**
 * The key of a line the bank gave no reference: a hash of its date, amount and label, and its rank among
 * the file's identical lines (two equal transfers on one day stay two lines; the same file again, or a
 * longer export of the same period, gives the same keys).
 */
export function hashKeys<T extends Omit<StatementLine, "key">>(lines: T[], prefix: string): Array<T & { key: string }> {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const identity = `${l.bookingDate}|${l.amountCents}|${cleanText(l.label).toUpperCase()}`;
    const rank = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, rank);
    const hash = createHash("sha256").update(`${identity}|${rank}`).digest("hex").slice(0, 40);
    return { ...l, key: `${prefix}:${hash}` };
  });
}
