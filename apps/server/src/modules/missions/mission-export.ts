import { PassThrough, type Readable } from "node:stream";
import {
  EVALUATION_TO_SCHEDULE,
  EXCEL_FORMATS,
  MISSION_KIND_LABELS,
  MISSION_STATE_LABELS,
  type MissionKind,
  type MissionRow,
  toExcelDate,
} from "@certidesk/shared";
import ExcelJS from "exceljs";

type Cell = string | number | Date | null;
const COLUMNS: Array<{ header: string; width: number; numFmt?: string; value: (r: MissionRow) => Cell }> = [
  { header: "Établissement", width: 40, value: (r) => r.raisonSocial },
  { header: "Code postal", width: 11, value: (r) => r.postalCode ?? "" },
  { header: "Ville", width: 22, value: (r) => r.city ?? "" },
  { header: "Contrat", width: 16, value: (r) => r.contractNumber },
  { header: "Type", width: 30, value: (r) => MISSION_KIND_LABELS[r.kind as MissionKind] ?? r.kind },
  { header: "À distance", width: 10, value: (r) => (r.remote ? "oui" : "non") },
  { header: "Évaluation regroupée", width: 12, value: (r) => (r.grouped ? "oui" : "non") },
  { header: "Statut", width: 18, value: (r) => MISSION_STATE_LABELS[r.status] },
  {
    header: "Premier jour",
    width: 14,
    numFmt: EXCEL_FORMATS.date,
    value: (r) => toExcelDate(r.firstDay) ?? EVALUATION_TO_SCHEDULE,
  },
  { header: "Dernier jour", width: 14, numFmt: EXCEL_FORMATS.date, value: (r) => toExcelDate(r.lastDay) },
  { header: "Équipe", width: 40, value: (r) => r.team },
  {
    header: "Rapport préliminaire attendu le",
    width: 16,
    numFmt: EXCEL_FORMATS.date,
    value: (r) => toExcelDate(r.preliminaryReportDue),
  },
  {
    header: "Rapport définitif attendu le",
    width: 16,
    numFmt: EXCEL_FORMATS.date,
    value: (r) => toExcelDate(r.finalReportDue),
  },
];

/** The missions list as a streamed XLSX workbook (French headers, real Excel dates), every row. */
export async function streamMissionWorkbook(batches: AsyncIterable<MissionRow[]>, created: Date): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  workbook.creator = "Certidesk";
  workbook.created = created;
  const sheet = workbook.addWorksheet("Missions", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF3FA" } };
  header.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const write = async () => {
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      for (const row of batch.value) sheet.addRow(COLUMNS.map((c) => c.value(row))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
