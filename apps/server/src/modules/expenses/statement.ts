import type { Readable } from "node:stream";
import {
  EXCEL_FORMATS,
  EXPENSE_KIND_LABELS,
  EXPENSE_STATUS_LABELS,
  type ExpenseKind,
  type ExpenseStatus,
  FEE_INVOICE_STATUS_LABELS,
  type FeeInvoiceStatus,
  formatCurrency,
  formatDate,
  formatDecimal,
  formatMonthLabel,
  toExcelDate,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import { authorize } from "../../lib/policy.js";
import { streamWorkbook, type XlsxColumn } from "../../lib/xlsx-stream.js";
import { auditorMoneyResource } from "./expenses.policy.js";
import * as repo from "./expenses.repository.js";

/** One line of the statement: a visit day, a fee invoice or an expense. */
interface StatementLine {
  kind: string;
  date: string | null;
  mission: string;
  detail: string;
  days: number | null;
  amountCents: number | null;
  status: string;
}

const monthLabel = (month: string) => formatMonthLabel(month.slice(0, 7));
function nextMonth(month: string) {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** An evaluator's monthly statement (days, fees, expenses) as PDF or XLSX. */
export function createStatementService(deps: { db: Database; clock: Clock; identity: () => Promise<CompanyIdentity> }) {
  const { db, clock } = deps;

  async function load(actor: Actor, auditorId: string, month: string) {
    const auditor = await repo.auditorExists(db, auditorId);
    if (!auditor) throw notFound(auditorMoneyResource.notFound);
    authorize(actor, "read", auditorMoneyResource, { auditorId });
    const data = await repo.statementOf(db, auditorId, { from: `${month}-01`, to: nextMonth(month) });
    const lines: StatementLine[] = [
      ...data.days.map((d) => ({
        kind: "Jour de mission",
        date: d.day,
        mission: d.label,
        detail: auditor.status === "SALARIE" ? "Jour compté (salarié)" : "Jour de visite",
        days: d.fraction,
        amountCents: null,
        status: "",
      })),
      ...data.invoices.map((i) => ({
        kind: "Honoraires",
        date: i.invoice.paidOn,
        mission: i.label,
        detail: `Facture ${i.invoice.number}`,
        days: i.invoice.days,
        amountCents: i.invoice.amountCents,
        status: FEE_INVOICE_STATUS_LABELS[i.invoice.status as FeeInvoiceStatus] ?? i.invoice.status,
      })),
      ...data.lines.map((l) => ({
        kind: `Frais — ${EXPENSE_KIND_LABELS[l.expense.kind as ExpenseKind] ?? l.expense.kind}`,
        date: l.expense.date,
        mission: l.label,
        detail: l.expense.description,
        days: null,
        amountCents: l.expense.amountCents,
        status: EXPENSE_STATUS_LABELS[l.expense.status as ExpenseStatus] ?? l.expense.status,
      })),
    ];
    const totals = {
      days: data.days.reduce((s, d) => s + d.fraction, 0),
      feesCents: data.invoices.reduce((s, i) => s + i.invoice.amountCents, 0),
      expensesCents: data.lines
        .filter((l) => l.expense.status !== "REJECTED")
        .reduce((s, l) => s + l.expense.amountCents, 0),
    };
    const name = `${auditor.firstName} ${auditor.lastName}`;
    const filename = `releve-${auditor.lastName
      .normalize("NFD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .toLowerCase()}-${month}`;
    return { name, lines, totals, filename };
  }

  return {
    async pdf(actor: Actor, auditorId: string, month: string) {
      const s = await load(actor, auditorId, month);
      const money = (c: number | null) => (c === null ? "" : formatCurrency(c / 100));
      const pdf = await renderPdf(
        await deps.identity(),
        `Relevé mensuel — ${s.name} — ${monthLabel(month)}`,
        [
          { text: `Relevé mensuel — ${monthLabel(month)}`, style: "title" },
          { text: s.name, bold: true, margin: [0, 0, 0, 8] },
          {
            ul: [
              `Jours de mission : ${formatDecimal(s.totals.days)} j`,
              `Honoraires facturés : ${money(s.totals.feesCents)} HT`,
              `Frais déclarés (hors refusés) : ${money(s.totals.expensesCents)}`,
            ],
            margin: [0, 0, 0, 12],
          },
          s.lines.length
            ? {
                table: {
                  headerRows: 1,
                  widths: [70, 55, "*", "*", 35, 60, 55],
                  body: [
                    ["Nature", "Date", "Mission", "Détail", "Jours", "Montant", "Statut"].map((text) => ({
                      text,
                      style: "tableHeader",
                    })),
                    ...s.lines.map((l) => [
                      l.kind,
                      l.date ? formatDate(l.date) : "",
                      l.mission,
                      l.detail,
                      l.days === null ? "" : formatDecimal(l.days),
                      { text: money(l.amountCents), alignment: "right" },
                      l.status,
                    ]),
                  ],
                },
                layout: "lightHorizontalLines",
                fontSize: 8,
              }
            : { text: "Aucune activité ce mois-ci.", italics: true },
        ],
        { creationDate: clock.now() },
      );
      return { filename: `${s.filename}.pdf`, pdf };
    },

    async xlsx(actor: Actor, auditorId: string, month: string): Promise<{ filename: string; stream: Readable }> {
      const s = await load(actor, auditorId, month);
      const columns: XlsxColumn<StatementLine>[] = [
        { header: "Nature", width: 22, value: (l) => l.kind },
        { header: "Date", width: 12, numFmt: EXCEL_FORMATS.date, value: (l) => (l.date ? toExcelDate(l.date) : null) },
        { header: "Mission", width: 36, value: (l) => l.mission },
        { header: "Détail", width: 36, value: (l) => l.detail },
        { header: "Jours", width: 8, numFmt: EXCEL_FORMATS.decimal, value: (l) => l.days },
        {
          header: "Montant",
          width: 14,
          numFmt: EXCEL_FORMATS.money,
          value: (l) => (l.amountCents === null ? null : l.amountCents / 100),
        },
        { header: "Statut", width: 14, value: (l) => l.status },
      ];
      async function* batches() {
        yield s.lines;
      }
      const stream = await streamWorkbook({ sheetName: "Relevé", columns, batches: batches(), created: clock.now() });
      return { filename: `${s.filename}.xlsx`, stream };
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
