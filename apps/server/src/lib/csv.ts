/**
 * A CSV file as French spreadsheets and accounting software open it: semicolon-separated, decimal
 * comma, UTF-8 with a byte order mark (Excel otherwise reads the accents as Latin-1), CRLF lines.
 */
export type CsvCell = string | number | null;

const quoted = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** Cents as "1234,56" (no thousands separator: a spreadsheet reads it as a number). */
export const csvEuros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const line = (cells: readonly CsvCell[]) =>
    cells.map((c) => (c === null ? "" : typeof c === "number" ? String(c).replace(".", ",") : quoted(c))).join(";");
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
