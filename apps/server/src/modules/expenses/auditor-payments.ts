import {
  AUDITOR_STATUS_LABELS,
  type AuditorPaymentsQuery,
  type AuditorStatus,
  EXCEL_FORMATS,
  formatDate,
  PAYABLE_STATUS_LABELS,
  toExcelDate,
} from "@certidesk/shared";
import type { Database } from "../../db/client.js";
import type { Clock } from "../../lib/clock.js";
import { csvEuros, toCsv } from "../../lib/csv.js";
import type { XlsxColumn } from "../../lib/xlsx-stream.js";
import { workbookOf, xlsxSheet } from "../../lib/xlsx-workbook.js";
import {
  type AuditorPaymentDetail,
  type AuditorPaymentRow,
  auditorPaymentDetails,
  auditorPayments,
} from "./payable.repository.js";

const statusLabel = (s: string) => AUDITOR_STATUS_LABELS[s as AuditorStatus] ?? s;
const euros = (cents: number) => cents / 100;
const money = EXCEL_FORMATS.money;

/** The amounts' columns, the same on both sheets. */
function amountColumns<R extends { feesCents: number; expensesCents: number; totalCents: number }>(): XlsxColumn<
  R & { paidCents: number; dueCents: number }
>[] {
  return [
    { header: "Honoraires", width: 14, numFmt: money, value: (r) => euros(r.feesCents) },
    { header: "Frais validés", width: 14, numFmt: money, value: (r) => euros(r.expensesCents) },
    { header: "Total", width: 14, numFmt: money, value: (r) => euros(r.totalCents) },
    { header: "Déjà payé", width: 14, numFmt: money, value: (r) => euros(r.paidCents) },
    { header: "Reste à payer", width: 14, numFmt: money, value: (r) => euros(r.dueCents) },
  ];
}

/**
 * What is to be paid to the evaluators for a period (accounting): the list by evaluator, and its
 * exports: XLSX (by evaluator, then the detail by mission) and CSV (by evaluator). Access is the
 * route's (MISSION update, staff only: those who record reimbursements and fee payments).
 */
export function createAuditorPaymentsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const filter = (q: { from: string; to: string }) => ({ from: q.from, to: q.to, today: clock.today() });

  return {
    async list(q: AuditorPaymentsQuery) {
      const found = await auditorPayments(db, filter(q), q);
      return { ...found, page: q.page, pageSize: q.pageSize };
    },

    async xlsx(q: { from: string; to: string }) {
      const [{ items }, details] = await Promise.all([
        auditorPayments(db, filter(q), { page: 1, pageSize: null, sort: "name" }),
        auditorPaymentDetails(db, filter(q)),
      ]);
      const file = await workbookOf(
        [
          xlsxSheet<AuditorPaymentRow>({
            name: "Par évaluateur",
            columns: [
              { header: "Évaluateur", width: 28, value: (r) => r.auditorName },
              { header: "Statut", width: 14, value: (r) => statusLabel(r.status) },
              { header: "SIRET", width: 16, value: (r) => r.siret },
              { header: "Missions", width: 10, value: (r) => r.missions },
              { header: "Jours", width: 8, numFmt: EXCEL_FORMATS.decimal, value: (r) => r.days },
              ...amountColumns<AuditorPaymentRow>(),
            ],
            rows: items,
          }),
          xlsxSheet<AuditorPaymentDetail>({
            name: "Détail par mission",
            columns: [
              { header: "Évaluateur", width: 28, value: (r) => r.auditorName },
              { header: "Mission", width: 36, value: (r) => r.missionLabel },
              {
                header: "Dernier jour de visite",
                width: 14,
                numFmt: EXCEL_FORMATS.date,
                value: (r) => (r.lastDay ? toExcelDate(r.lastDay) : null),
              },
              { header: "Jours", width: 8, numFmt: EXCEL_FORMATS.decimal, value: (r) => (r.feeStatus ? r.days : null) },
              { header: "Facture", width: 16, value: (r) => r.invoiceNumber },
              {
                header: "Honoraires : état",
                width: 20,
                value: (r) => (r.feeStatus ? PAYABLE_STATUS_LABELS[r.feeStatus] : "—"),
              },
              ...amountColumns<AuditorPaymentDetail>(),
            ],
            rows: details,
          }),
        ],
        clock.now(),
      );
      return { filename: `paiements-evaluateurs-${q.from}-${q.to}.xlsx`, file };
    },

    async csv(q: { from: string; to: string }) {
      const { items } = await auditorPayments(db, filter(q), { page: 1, pageSize: null, sort: "name" });
      const header = ["Évaluateur", "Statut", "SIRET", "Période", "Missions", "Jours"];
      const amounts = ["Honoraires", "Frais validés", "Total", "Déjà payé", "Reste à payer"];
      const period = `${formatDate(q.from)} - ${formatDate(q.to)}`;
      const csv = toCsv(
        [...header, ...amounts],
        items.map((r) => [
          r.auditorName,
          statusLabel(r.status),
          r.siret,
          period,
          r.missions,
          r.days,
          ...[r.feesCents, r.expensesCents, r.totalCents, r.paidCents, r.dueCents].map(csvEuros),
        ]),
      );
      return { filename: `paiements-evaluateurs-${q.from}-${q.to}.csv`, csv };
    },
  };
}
export type AuditorPaymentsService = ReturnType<typeof createAuditorPaymentsService>;
