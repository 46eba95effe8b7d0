import type { Readable } from "node:stream";
import {
  type ClientRow,
  CONTRACT_STATUS_DETAIL_LABELS,
  EVALUATION_TO_SCHEDULE,
  EXCEL_FORMATS,
  formatPhone,
  toExcelDate,
} from "@certidesk/shared";
import { streamWorkbook, type XlsxColumn } from "../../lib/xlsx-stream.js";

/** Dates are real Excel dates (a serial with a French number format), never text, so they sort and filter. */
const COLUMNS: Array<XlsxColumn<ClientRow>> = [
  { header: "Raison sociale", width: 40, value: (r) => r.raisonSocial },
  { header: "FINESS", width: 12, value: (r) => r.finess ?? "" },
  { header: "Entité juridique", width: 36, value: (r) => r.legalEntityRaisonSocial ?? "" },
  { header: "Gestionnaire", width: 30, value: (r) => r.gestionnaireRaisonSocial ?? "" },
  { header: "Code postal", width: 11, value: (r) => r.postalCode ?? "" },
  { header: "Ville", width: 22, value: (r) => r.city ?? "" },
  { header: "Département", width: 12, value: (r) => r.departement ?? "" },
  { header: "Multi-établissement", width: 12, value: (r) => (r.isMultiClient ? "oui" : "non") },
  { header: "Évaluation regroupée", width: 12, value: (r) => (r.isRegroupingClient ? "oui" : "non") },
  { header: "Contact", width: 24, value: (r) => r.contactName },
  { header: "Fonction", width: 22, value: (r) => r.contact?.occupation ?? "" },
  { header: "Téléphone", width: 16, value: (r) => formatPhone(r.contact?.tel ?? r.contact?.mobilePhone) },
  { header: "E-mail", width: 30, value: (r) => r.contact?.email ?? "" },
  {
    header: "Date d'évaluation",
    width: 16,
    numFmt: EXCEL_FORMATS.date,
    value: (r) => toExcelDate(r.evaluationDate) ?? EVALUATION_TO_SCHEDULE,
  },
  {
    header: "Évaluation finalisée le",
    width: 16,
    numFmt: EXCEL_FORMATS.date,
    value: (r) => toExcelDate(r.evaluationFinishedAt),
  },
  { header: "Relance", width: 10, numFmt: EXCEL_FORMATS.relanceDate, value: (r) => toExcelDate(r.dateRelance) },
  { header: "Statut du contrat", width: 20, value: (r) => (r.status ? CONTRACT_STATUS_DETAIL_LABELS[r.status] : "") },
  { header: "Créé le", width: 12, numFmt: EXCEL_FORMATS.date, value: (r) => toExcelDate(r.createdAt) },
];

/**
 * The client list as a real XLSX workbook, French headers, one row per establishment, written as a
 * stream (exceljs' streaming writer) while the rows arrive batch after batch: every row, no cap.
 * The first batch is read before the stream is returned, so a failing query still answers an error.
 */
export async function streamClientWorkbook(batches: AsyncIterable<ClientRow[]>, created: Date): Promise<Readable> {
  return streamWorkbook({ sheetName: "Clients", columns: COLUMNS, batches, created });
}
