import { unprocessable } from "../../lib/errors.js";
import { cleanText, hashKeys, MAX_STATEMENT_LINES, type ParsedStatement, parseAmount } from "./statement-line.js";

export const NOT_A_STATEMENT =
  "Le fichier n'est ni un relevé camt.053 (XML) ni un CSV de relevé (date, libellé, montant) : rien n'a été importé.";

const NO_HEADER =
  "L'en-tête du CSV doit nommer une date, un libellé et un montant (ou un débit et un crédit) : rien n'a été importé.";

/** One CSV record: quoted fields may hold the separator ("1 234,56" in a comma-separated file). */
function splitRecord(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
}

function parseDay(raw: string, where: string): string {
  const v = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(v);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : fr
      ? [(fr[3]?.length === 2 ? `20${fr[3]}` : fr[3]) ?? "", fr[2]?.padStart(2, "0"), fr[1]?.padStart(2, "0")]
      : [];
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T12:00:00Z`);
  if (!y || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw unprocessable(`${where} : date illisible « ${raw} » (attendu JJ/MM/AAAA).`);
  return day;
}

const find = (header: string[], pattern: RegExp, not?: RegExp) =>
  header.findIndex((h) => pattern.test(h) && !not?.test(h));

/**
 * The CSV most French banks export: a few lines about the account, then a header (Date ; Libellé ; Montant,
 * or Débit and Crédit in two columns), separated by ";" or ",", decimal comma or point. Without a header the
 * columns are date, label, amount. Refused (422): no line that reads as a statement, a bad date or amount
 * (with its line number), an amount with three decimals.
 */
export function parseBankCsv(text: string): ParsedStatement {
  const rows = text
    .split(/\r\n|\n|\r/)
    .map((line, i) => ({ line, number: i + 1 }))
    .filter((r) => r.line.trim());
  const headerAt = rows.findIndex((r) => /date/i.test(r.line) && /montant|d[ée]bit|cr[ée]dit|amount/i.test(r.line));
  const first = rows[Math.max(headerAt, 0)];
  if (!first) throw unprocessable(NOT_A_STATEMENT);
  const sep = first.line.includes(";") ? ";" : first.line.includes(",") ? "," : "";
  if (!sep) throw unprocessable(NOT_A_STATEMENT);
  const header = headerAt >= 0 ? splitRecord(first.line, sep).map((h) => h.toLowerCase()) : [];
  const col = {
    date: headerAt >= 0 ? find(header, /date/, /valeur/) : 0,
    label: headerAt >= 0 ? find(header, /libell|label|description|intitul|motif/) : 1,
    amount: headerAt >= 0 ? find(header, /montant|amount/) : 2,
    debit: headerAt >= 0 ? find(header, /d[ée]bit/) : -1,
    credit: headerAt >= 0 ? find(header, /cr[ée]dit/) : -1,
    reference: headerAt >= 0 ? find(header, /r[ée]f[ée]rence/) : -1,
  };
  if (col.date < 0 || col.label < 0 || (col.amount < 0 && (col.debit < 0 || col.credit < 0)))
    throw unprocessable(NO_HEADER);
  const data = rows.slice(headerAt >= 0 ? headerAt + 1 : 0);
  if (data.length > MAX_STATEMENT_LINES)
    throw unprocessable(`Le relevé a plus de ${MAX_STATEMENT_LINES} lignes : importez-le en plusieurs fichiers.`);
  const lines = data.map(({ line, number }) => {
    const where = `Ligne ${number}`;
    const cells = splitRecord(line, sep);
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "") : "");
    if (headerAt < 0 && cells.length < 3) throw unprocessable(NOT_A_STATEMENT);
    // Without a recognised header, a first line that is not a date is a header we cannot read.
    if (headerAt < 0 && number === data[0]?.number && !/^\d/.test(cell(col.date))) throw unprocessable(NO_HEADER);
    let amountCents: number;
    if (col.amount >= 0) amountCents = parseAmount(cell(col.amount), where);
    else {
      const credit = cell(col.credit) ? Math.abs(parseAmount(cell(col.credit), where)) : 0;
      const debit = cell(col.debit) ? Math.abs(parseAmount(cell(col.debit), where)) : 0;
      amountCents = credit - debit;
    }
    return {
      bookingDate: parseDay(cell(col.date), where),
      amountCents,
      label: cleanText(cell(col.label)) || "(sans libellé)",
      reference: cleanText(cell(col.reference)) || null,
      counterparty: null,
    };
  });
  return { format: "CSV", accountIban: null, lines: hashKeys(lines, "csv") };
}
