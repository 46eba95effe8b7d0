import type { Readable } from "node:stream";
import {
  EXCEL_FORMATS,
  EXPENSE_KIND_LABELS,
  type ExpenseKind,
  formatCurrency,
  formatDate,
  formatDays,
  formatMonthLabel,
  PAYABLE_STATUS_LABELS,
  toExcelDate,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { type CompanyIdentity, renderPdf } from "../../lib/pdf/pdf-service.js";
import { authorize } from "../../lib/policy.js";
import { foldText } from "../../lib/search-text.js";
import { streamWorkbook, type XlsxColumn } from "../../lib/xlsx-stream.js";
import { auditorMoneyResource } from "./expenses.policy.js";
import * as repo from "./expenses.repository.js";
import { type StatementLineRow, statementLines, statementMonths } from "./payable.repository.js";

const money = (cents: number) => formatCurrency(cents / 100);
const kindOf = (l: StatementLineRow) =>
  l.isFee ? "Honoraires" : `Frais — ${EXPENSE_KIND_LABELS[l.kind as ExpenseKind] ?? l.kind}`;

/** The last day of a month "YYYY-MM". */
function lastDayOf(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
}

/**
 * An evaluator's monthly statements: the months with something owed (the Relevés list), and one
 * month as a PDF (or XLSX): the fees of the missions done that month and the validated expenses,
 * with what is already paid. The definition of what is owed is payable.repository.ts's alone.
 */
export function createStatementService(deps: { db: Database; clock: Clock; identity: () => Promise<CompanyIdentity> }) {
  const { db, clock } = deps;

  async function authorized(actor: Actor, auditorId: string) {
    const auditor = await repo.auditorExists(db, auditorId);
    if (!auditor) throw notFound(auditorMoneyResource.notFound);
    authorize(actor, "read", auditorMoneyResource, { auditorId });
    return auditor;
  }

  async function load(actor: Actor, auditorId: string, month: string) {
    const auditor = await authorized(actor, auditorId);
    const lines = await statementLines(db, {
      auditorId,
      from: `${month}-01`,
      to: lastDayOf(month),
      today: clock.today(),
    });
    const sum = (rows: StatementLineRow[], key: "amountCents" | "paidCents") => rows.reduce((s, l) => s + l[key], 0);
    const fees = lines.filter((l) => l.isFee);
    const expenses = lines.filter((l) => !l.isFee);
    const totalCents = sum(lines, "amountCents");
    const totals = {
      feesCents: sum(fees, "amountCents"),
      expensesCents: sum(expenses, "amountCents"),
      totalCents,
      paidCents: sum(lines, "paidCents"),
      dueCents: totalCents - sum(lines, "paidCents"),
    };
    const filename = `releve-${foldText(auditor.lastName)
      .replace(/[^A-Za-z0-9]+/g, "-")
      .toLowerCase()}-${month}`;
    return { auditor, fees, expenses, lines, totals, filename };
  }

  return {
    async months(actor: Actor, auditorId: string, page: { page: number; pageSize: number }) {
      await authorized(actor, auditorId);
      const found = await statementMonths(db, { auditorId, today: clock.today() }, page);
      return { ...found, ...page };
    },

    async pdf(actor: Actor, auditorId: string, month: string) {
      const s = await load(actor, auditorId, month);
      const { auditor, totals } = s;
      const name = `${auditor.firstName} ${auditor.lastName}`;
      const header = (labels: string[]) => labels.map((text) => ({ text, style: "tableHeader" }));
      const right = (text: string) => ({ text, alignment: "right" });
      const table = (widths: unknown[], head: string[], rows: unknown[][], empty: string) =>
        rows.length
          ? {
              table: { headerRows: 1, widths, body: [header(head), ...rows] },
              layout: "lightHorizontalLines",
              fontSize: 8,
            }
          : { text: empty, italics: true, fontSize: 9 };
      const pdf = await renderPdf(
        await deps.identity(),
        `Relevé mensuel — ${name} — ${formatMonthLabel(month)}`,
        [
          { text: `Relevé mensuel — ${formatMonthLabel(month)}`, style: "title" },
          { text: name, bold: true },
          {
            text: [
              auditor.status === "INDEPENDANT" ? "Évaluateur indépendant" : "Évaluateur salarié",
              auditor.siret ? ` — SIRET ${auditor.siret}` : "",
            ].join(""),
            margin: [0, 0, 0, 10],
          },
          {
            table: {
              widths: ["*", 90],
              body: [
                ["Honoraires des missions du mois", right(money(totals.feesCents))],
                ["Frais validés du mois", right(money(totals.expensesCents))],
                [
                  { text: "Total du mois", bold: true },
                  { ...right(money(totals.totalCents)), bold: true },
                ],
                ["Déjà payé", right(money(totals.paidCents))],
                [
                  { text: "Reste à payer", bold: true, fillColor: "#eef3fa" },
                  { ...right(money(totals.dueCents)), bold: true, fillColor: "#eef3fa" },
                ],
              ],
            },
            // A named layout: the definition goes to the PDF worker as plain data (no functions).
            layout: "noBorders",
            margin: [0, 0, 0, 6],
          },
          { text: "Honoraires", style: "subtitle" },
          table(
            ["*", 55, 35, 60, 65, 70, 60],
            ["Mission", "Dernier jour", "Jours", "Tarif jour", "Facture", "État", "Montant HT"],
            s.fees.map((l) => [
              l.missionLabel,
              formatDate(l.day),
              formatDays(l.days),
              l.dailyFeeCents === null ? "" : money(l.dailyFeeCents),
              l.reference ?? "",
              PAYABLE_STATUS_LABELS[l.status],
              right(money(l.amountCents)),
            ]),
            auditor.status === "INDEPENDANT"
              ? "Aucune mission terminée ce mois-ci."
              : "Évaluateur salarié : ses missions ne donnent pas lieu à des honoraires.",
          ),
          { text: "Frais validés", style: "subtitle" },
          table(
            [55, "*", 75, "*", 80, 60],
            ["Date", "Mission", "Nature", "Détail", "État", "Montant"],
            s.expenses.map((l) => [
              formatDate(l.day),
              l.missionLabel,
              kindOf(l).replace("Frais — ", ""),
              l.description,
              PAYABLE_STATUS_LABELS[l.status],
              right(money(l.amountCents)),
            ]),
            "Aucun frais validé ce mois-ci.",
          ),
          {
            text:
              "Honoraires : missions dont le dernier jour de visite tombe dans le mois ; montant de votre facture, " +
              "ou à défaut le tarif journalier convenu × les jours de la mission. Frais : dépenses datées du mois, " +
              "validées ou remboursées (celles à valider ou refusées n'y figurent pas).",
            style: "small",
            margin: [0, 12, 0, 0],
          },
        ],
        { creationDate: clock.now() },
      );
      return { filename: `${s.filename}.pdf`, pdf };
    },

    async xlsx(actor: Actor, auditorId: string, month: string): Promise<{ filename: string; stream: Readable }> {
      const s = await load(actor, auditorId, month);
      const columns: XlsxColumn<StatementLineRow>[] = [
        { header: "Nature", width: 22, value: kindOf },
        { header: "Date", width: 12, numFmt: EXCEL_FORMATS.date, value: (l) => toExcelDate(l.day) },
        { header: "Mission", width: 36, value: (l) => l.missionLabel },
        { header: "Détail", width: 36, value: (l) => (l.isFee ? (l.reference ?? "") : l.description) },
        { header: "Jours", width: 8, numFmt: EXCEL_FORMATS.decimal, value: (l) => (l.isFee ? l.days : null) },
        { header: "Montant", width: 14, numFmt: EXCEL_FORMATS.money, value: (l) => l.amountCents / 100 },
        { header: "Payé", width: 14, numFmt: EXCEL_FORMATS.money, value: (l) => l.paidCents / 100 },
        { header: "État", width: 22, value: (l) => PAYABLE_STATUS_LABELS[l.status] },
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
