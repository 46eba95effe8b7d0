import type { Readable } from "node:stream";
import {
  EVALUATION_TO_SCHEDULE,
  EXCEL_FORMATS,
  MISSION_KIND_LABELS,
  MISSION_STATE_LABELS,
  type MissionKind,
  type MissionRow,
  toExcelDate,
} from "@certidesk/shared";
import { streamWorkbook, type XlsxColumn } from "../../lib/xlsx-stream.js";

const COLUMNS: Array<XlsxColumn<MissionRow>> = [
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
  return streamWorkbook({ sheetName: "Missions", columns: COLUMNS, batches, created });
}
