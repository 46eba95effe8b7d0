import { FEC_COLUMNS } from "../src/modules/accounting/fec.js";

/**
 * The FEC's own rules (article A47 A-1 of the LPF, BOI-CF-IOR-60-40-20), checked independently of the code
 * that writes it: the 18 columns in order, the same number of fields on every line, dates AAAAMMJJ that
 * exist, amounts with a decimal comma and two decimals, each line a debit or a credit, the lines of an entry
 * together, each entry balanced, entries in date order, numbers continuous from 1 within each journal.
 * Answers the broken rules (empty when the file is sound).
 */
export function checkFec(text: string, separator = "\t"): string[] {
  const errors: string[] = [];
  const lines = text.split("\r\n");
  if (lines.at(-1) === "") lines.pop();
  const [header, ...rows] = lines;
  if (header !== FEC_COLUMNS.join(separator)) errors.push(`en-tête : ${header}`);
  const isDay = (v: string) => {
    if (!/^\d{8}$/.test(v)) return false;
    const d = new Date(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T12:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10).replaceAll("-", "") === v;
  };
  const cents = (v: string) => (/^\d+,\d{2}$/.test(v) ? Number(v.replace(",", "")) : Number.NaN);
  const entries = new Map<string, { sum: number; lastRow: number; date: string }>();
  const numbers = new Map<string, number[]>();
  let previousDate = "";
  let previousEntry = "";
  rows.forEach((row, i) => {
    const at = `ligne ${i + 2}`;
    const f = row.split(separator);
    if (f.length !== 18) {
      errors.push(`${at} : ${f.length} champs`);
      return;
    }
    const [journal = "", journalLib, num = "", date = "", account, accountLib, , , piece, pieceDate = "", label] = f;
    const [debit = "", credit = "", , dateLet = "", validDate = ""] = f.slice(11);
    if (!journal || !journalLib || !num || !account || !accountLib || !piece || !label)
      errors.push(`${at} : champ obligatoire vide`);
    for (const [name, v] of [
      ["EcritureDate", date],
      ["PieceDate", pieceDate],
      ["ValidDate", validDate],
    ] as const)
      if (!isDay(v)) errors.push(`${at} : ${name} « ${v} » n'est pas AAAAMMJJ`);
    if (dateLet && !isDay(dateLet)) errors.push(`${at} : DateLet « ${dateLet} »`);
    const d = cents(debit);
    const c = cents(credit);
    if (Number.isNaN(d) || Number.isNaN(c)) errors.push(`${at} : montant « ${debit} » / « ${credit} »`);
    else if (d > 0 === c > 0) errors.push(`${at} : ni débit ni crédit, ou les deux`);
    const key = `${journal}#${num}`;
    const entry = entries.get(key);
    if (entry && entry.lastRow !== i - 1) errors.push(`${at} : l'écriture ${key} n'est pas d'un seul tenant`);
    if (entry && entry.date !== date) errors.push(`${at} : l'écriture ${key} change de date`);
    entries.set(key, { sum: (entry?.sum ?? 0) + d - c, lastRow: i, date });
    if (key !== previousEntry) {
      if (date < previousDate) errors.push(`${at} : ${key} du ${date} après une écriture du ${previousDate}`);
      numbers.set(journal, [...(numbers.get(journal) ?? []), Number(num)]);
      previousEntry = key;
      previousDate = date;
    }
  });
  for (const [key, e] of entries) if (e.sum !== 0) errors.push(`écriture ${key} déséquilibrée de ${e.sum} centimes`);
  for (const [journal, seen] of numbers)
    if (seen.some((n, i) => n !== i + 1)) errors.push(`journal ${journal} : numéros ${seen.join(",")} non continus`);
  return errors;
}

/** The lines of a FEC as objects keyed by column name (for the tests' assertions). */
export function fecRows(text: string) {
  const [, ...rows] = text.split("\r\n").filter(Boolean);
  return rows.map((r) => Object.fromEntries(r.split("\t").map((v, i) => [FEC_COLUMNS[i] ?? `col${i}`, v])));
}
