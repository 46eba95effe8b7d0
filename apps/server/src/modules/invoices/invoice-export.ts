import type { Readable } from "node:stream";
import {
  EXCEL_FORMATS,
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceRow,
  toExcelDate,
} from "@certidesk/shared";
import { streamWorkbook, type XlsxColumn } from "../../lib/xlsx-stream.js";

const COLUMNS: Array<XlsxColumn<InvoiceRow>> = [
  { header: "Numéro", width: 16, value: (r) => r.number ?? "Brouillon" },
  { header: "Type", width: 10, value: (r) => INVOICE_KIND_LABELS[r.kind] },
  { header: "Statut", width: 22, value: (r) => INVOICE_STATUS_LABELS[r.status] },
  { header: "Établissement", width: 40, value: (r) => r.clientName },
  { header: "Client facturé", width: 40, value: (r) => r.buyerName },
  { header: "Contrat", width: 16, value: (r) => r.contractNumber },
  { header: "Date d'émission", width: 14, numFmt: EXCEL_FORMATS.date, value: (r) => toExcelDate(r.issueDate) },
  { header: "Échéance", width: 14, numFmt: EXCEL_FORMATS.date, value: (r) => toExcelDate(r.dueDate) },
  { header: "Total HT", width: 14, numFmt: EXCEL_FORMATS.money, value: (r) => r.totalHt },
  { header: "Total TTC", width: 14, numFmt: EXCEL_FORMATS.money, value: (r) => r.totalTtc },
  { header: "Payé", width: 14, numFmt: EXCEL_FORMATS.money, value: (r) => r.paid },
  { header: "Reste dû", width: 14, numFmt: EXCEL_FORMATS.money, value: (r) => r.due },
  { header: "En retard", width: 10, value: (r) => (r.overdue ? "oui" : "non") },
  { header: "Avoir sur", width: 16, value: (r) => r.creditedInvoiceNumber ?? "" },
];

export function streamInvoiceWorkbook(batches: AsyncIterable<InvoiceRow[]>, created: Date): Promise<Readable> {
  return streamWorkbook({ sheetName: "Factures", columns: COLUMNS, batches, created });
}
