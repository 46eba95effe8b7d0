import { toDateParts } from "@certidesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { numberingSeries } from "../db/schema/index.js";

/** The series the trade numbers (created at start by ensureNumberingSeries). */
export const DEFAULT_NUMBERING_SERIES = [
  { code: "REQUEST", label: "Demandes", mask: "DEM-{YYYY}-{NNNN}" },
  { code: "QUOTE", label: "Devis", mask: "D-{YYYY}-{NNNN}" },
  { code: "CONTRACT", label: "Contrats", mask: "C-{YYYY}-{NNNN}" },
  // Invoices and credit notes share one unbroken chronological sequence (invoicing law).
  { code: "INVOICE", label: "Factures et avoirs", mask: "F-{YYYY}-{NNNN}" },
] as const;

const TOKEN = /\{(YYYY|YY|MM|N+)\}/g;

/** Why a mask is refused, in French; null when it is usable. */
export function maskError(mask: string): string | null {
  if (!mask.trim()) return "Le masque est obligatoire.";
  if (mask.length > 40) return "Le masque ne peut pas dépasser 40 caractères.";
  const counters = mask.match(/\{N+\}/g) ?? [];
  if (counters.length !== 1) return "Le masque doit contenir un compteur, et un seul : {NNNN}.";
  const rest = mask.replace(TOKEN, "");
  if (/[{}]/.test(rest)) return "Jetons reconnus : {YYYY}, {YY}, {MM} et {NNNN} (autant de N que de chiffres).";
  if (!/^[A-Za-z0-9 ._/-]*$/.test(rest))
    return "Le masque ne peut contenir que des lettres, chiffres, espaces et . _ / -.";
  return null;
}

/** Whether the counter starts again at 1 each year (the mask shows the year). */
export const resetsYearly = (mask: string) => /\{YY(YY)?\}/.test(mask);

export function formatNumber(mask: string, parts: { year: number; month: number; counter: number }): string {
  return mask.replace(TOKEN, (_m, token: string) => {
    if (token === "YYYY") return String(parts.year);
    if (token === "YY") return String(parts.year % 100).padStart(2, "0");
    if (token === "MM") return String(parts.month).padStart(2, "0");
    return String(parts.counter).padStart(token.length, "0");
  });
}

const calendar = (now: Date) => {
  const p = toDateParts(now) ?? { year: now.getFullYear(), month: now.getMonth() + 1, day: 1 };
  return { year: p.year, month: p.month };
};

export async function ensureNumberingSeries(
  db: Executor,
  series: ReadonlyArray<{ code: string; label: string; mask: string }> = DEFAULT_NUMBERING_SERIES,
  now = new Date(),
) {
  const { year } = calendar(now);
  for (const s of series)
    await db
      .insert(numberingSeries)
      .values({ ...s, year })
      .onConflictDoNothing();
}

/**
 * Takes the next number of a series, inside the caller's transaction. The row is locked by the
 * UPDATE until the transaction ends: concurrent creations get consecutive numbers, and a
 * rolled-back creation gives its number back, so the sequence has no gap.
 */
export async function nextNumber(tx: Executor, code: string, now = new Date()): Promise<string> {
  const { year, month } = calendar(now);
  const [row] = await tx
    .update(numberingSeries)
    .set({
      counter: sql`case when ${numberingSeries.year} = ${year} or strpos(${numberingSeries.mask}, '{YY') = 0 then ${numberingSeries.counter} + 1 else 1 end`,
      year,
      updatedAt: new Date(),
    })
    .where(eq(numberingSeries.code, code))
    .returning({ mask: numberingSeries.mask, counter: numberingSeries.counter });
  if (!row) throw new Error(`numbering series ${code} missing`);
  return formatNumber(row.mask, { year, month, counter: row.counter });
}

/** The number the next creation would get (Settings preview); takes nothing. */
export function previewNext(series: { mask: string; year: number; counter: number }, now = new Date()): string {
  const { year, month } = calendar(now);
  const counter = series.year === year || !resetsYearly(series.mask) ? series.counter + 1 : 1;
  return formatNumber(series.mask, { year, month, counter });
}
