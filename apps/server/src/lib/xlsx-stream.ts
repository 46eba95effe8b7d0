import { PassThrough, type Readable } from "node:stream";

export type XlsxCell = string | number | Date | null;
/** A column of an export: French header, width, an Excel number format (dates, money) and its value. */
export interface XlsxColumn<R> {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: R) => XlsxCell;
}

/**
 * A list as an XLSX workbook written as a stream (exceljs' streaming writer) while the rows arrive
 * batch after batch: every row, no cap, memory bounded by one batch. The first batch is read before
 * the stream is returned, so a failing query still answers an error rather than a broken file.
 */
export async function streamWorkbook<R>(options: {
  sheetName: string;
  columns: ReadonlyArray<XlsxColumn<R>>;
  batches: AsyncIterable<R[]>;
  created: Date;
}): Promise<Readable> {
  const { sheetName, columns, batches, created } = options;
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  // exceljs is loaded by the first export, not at start (a few tens of megabytes once loaded).
  const { default: ExcelJS } = await import("exceljs");
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = "Certidesk";
  workbook.created = created;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF3FA" } };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const write = async () => {
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      for (const row of batch.value) sheet.addRow(columns.map((c) => c.value(row))).commit();
      // Backpressure: exceljs buffers whatever it is given, so a slow download would otherwise hold the
      // whole file in memory while the next batches are read; and a closed download reads no more.
      if (!(await readerKeepsUp(stream))) {
        await iterator.return?.();
        return;
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}

/**
 * Waits until the file's reader has taken what was written (the stream drained): true, or false when the
 * stream closed first (the download was cancelled or failed). A turn of the event loop first lets the
 * compression, which runs apart, pass the batch on to the stream.
 */
async function readerKeepsUp(stream: PassThrough): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (!stream.destroyed && stream.writableNeedDrain) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off("drain", done);
        stream.off("close", done);
        resolve();
      };
      stream.on("drain", done);
      stream.on("close", done);
    });
  }
  return !stream.destroyed;
}
