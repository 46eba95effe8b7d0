import {
  AUDITOR_ROLE_LABELS,
  AUDITOR_STATUS_LABELS,
  type AuditorRole,
  type AuditorRow,
  DOCUMENT_STATE_LABELS,
  formatPhone,
} from "@certidesk/shared";

const COLUMNS: Array<{ header: string; width: number; value: (r: AuditorRow) => string | number }> = [
  { header: "Nom", width: 30, value: (r) => r.name },
  { header: "Statut", width: 16, value: (r) => AUDITOR_STATUS_LABELS[r.status] },
  { header: "Actif", width: 8, value: (r) => (r.active ? "oui" : "non") },
  { header: "E-mail", width: 32, value: (r) => r.email ?? "" },
  { header: "Mobile", width: 16, value: (r) => formatPhone(r.mobilePhone) },
  { header: "Code postal", width: 11, value: (r) => r.postalCode ?? "" },
  { header: "Ville", width: 22, value: (r) => r.city ?? "" },
  { header: "Département", width: 12, value: (r) => r.departement ?? "" },
  { header: "Domaines", width: 20, value: (r) => r.sectorDomains.join(", ") },
  { header: "Zones couvertes", width: 24, value: (r) => r.zones.join(", ") },
  {
    header: "Rôles",
    width: 30,
    value: (r) => r.roles.map((x) => AUDITOR_ROLE_LABELS[x as AuditorRole] ?? x).join(", "),
  },
  { header: "Documents", width: 18, value: (r) => DOCUMENT_STATE_LABELS[r.documentState] },
  { header: "Liens d'intérêts en cours", width: 12, value: (r) => r.openLinks },
];

/** The evaluator list as a real XLSX workbook: the same filters and order as the screen. */
export async function buildAuditorWorkbook(rows: AuditorRow[]): Promise<Buffer> {
  // Loaded by the first export, not at start.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certidesk";
  workbook.created = new Date();
  const sheet = workbook.addWorksheet("Évaluateurs", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  for (const row of rows) sheet.addRow(COLUMNS.map((c) => c.value(row)));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF3FA" } };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
