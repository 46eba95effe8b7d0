import type { XlsxColumn } from "./xlsx-stream.js";

/** One sheet of a small workbook: its name, its columns (as the streamed exports declare them) and its rows. */
export interface XlsxSheet<R> {
  name: string;
  columns: ReadonlyArray<XlsxColumn<R>>;
  rows: R[];
}

/** Erases a sheet's row type, so sheets of different rows go in one workbook. */
export const xlsxSheet = <R>(s: XlsxSheet<R>) => s as unknown as XlsxSheet<never>;

/**
 * A workbook of several sheets, built in memory: for tables of a few hundred rows (statistics, the
 * evaluators' payments of a period), unlike the list exports that stream every row (xlsx-stream.ts).
 */
export async function workbookOf(sheets: ReadonlyArray<XlsxSheet<never>>, created: Date): Promise<Buffer> {
  // exceljs is loaded by the first export, not at start.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certidesk";
  workbook.created = created;
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = s.columns.map((c) => ({
      header: c.header,
      width: c.width,
      style: c.numFmt ? { numFmt: c.numFmt } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow(s.columns.map((c) => c.value(row)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
