import {
  ASSIGNMENT_DECISION_LABELS,
  type ClientStatistics,
  EXCEL_FORMATS,
  formatMonthLabel,
  type LinkInterestStatistics,
  ORGANISATION_TYPE_LABELS,
  type OrganisationType,
  REPORT_KIND_LABELS,
  toExcelDate,
} from "@certidesk/shared";
import { xlsxSheet as sheet, workbookOf } from "../../lib/xlsx-workbook.js";

const pct = (v: number | null) => (v === null ? null : v / 100);
const PERCENT = "0.0%";

const money = EXCEL_FORMATS.money;

export function clientStatisticsWorkbook(s: ClientStatistics, created: Date): Promise<Buffer> {
  const counts = [
    { header: "Vendues (contrats signés)", width: 16, value: (r: { sold: number }) => r.sold },
    { header: "Planifiées", width: 12, value: (r: { planned: number }) => r.planned },
    { header: "Réalisées (visite passée)", width: 16, value: (r: { done: number }) => r.done },
    { header: "Finalisées", width: 12, value: (r: { finalised: number }) => r.finalised },
  ];
  const p = s.pipeline;
  const steps = [
    { label: "Demande → devis envoyé", delay: p.requestToQuote },
    { label: "Devis envoyé → contrat signé", delay: p.quoteToSignature },
    { label: "Demande → contrat signé", delay: p.requestToSignature },
  ];
  return workbookOf(
    [
      sheet({
        name: "Évaluations par mois",
        columns: [{ header: "Mois", width: 18, value: (r) => formatMonthLabel(r.month) }, ...counts],
        rows: s.evaluationsByMonth,
      }),
      sheet({
        name: "Évaluations par département",
        columns: [{ header: "Département", width: 14, value: (r) => r.departement }, ...counts],
        rows: s.evaluationsByDepartement,
      }),
      sheet({
        name: "Chiffre d'affaires",
        columns: [
          { header: "Mois", width: 18, value: (r) => formatMonthLabel(r.month) },
          { header: "Facturé HT", width: 16, numFmt: money, value: (r) => r.invoicedHt },
          { header: "Facturé TTC", width: 16, numFmt: money, value: (r) => r.invoicedTtc },
          { header: "Encaissé", width: 16, numFmt: money, value: (r) => r.collected },
        ],
        rows: [...s.revenueByMonth, { month: "Total", ...s.revenueTotals }],
      }),
      sheet({
        name: "Demandes à signature",
        columns: [
          { header: "Étape", width: 32, value: (r) => r.label },
          { header: "Nombre", width: 10, value: (r) => r.count },
          { header: "Taux", width: 10, numFmt: PERCENT, value: (r) => pct(r.rate) },
          { header: "Délai moyen (jours)", width: 18, value: (r) => r.average },
          { header: "Délai médian (jours)", width: 18, value: (r) => r.median },
        ],
        rows: [
          { label: "Demandes reçues", count: p.requests, rate: null, average: null, median: null },
          { label: "Devis envoyés", count: p.quoted, rate: p.quoteRate, average: null, median: null },
          { label: "Contrats signés", count: p.signed, rate: p.conversionRate, average: null, median: null },
          ...steps.map((x) => ({
            label: x.label,
            count: x.delay.count,
            rate: null,
            average: x.delay.averageDays,
            median: x.delay.medianDays,
          })),
        ],
      }),
      sheet({
        name: "Délais des rapports",
        columns: [
          { header: "Rapport", width: 22, value: (r) => REPORT_KIND_LABELS[r.report] },
          { header: "Dans les délais", width: 14, value: (r) => r.onTime },
          { header: "En retard", width: 12, value: (r) => r.late },
          { header: "Pas encore dus", width: 14, value: (r) => r.pending },
          { header: "Retard moyen (jours)", width: 18, value: (r) => r.averageDelayDays },
        ],
        rows: s.reports,
      }),
      sheet({
        name: "Évaluateurs",
        columns: [
          { header: "Évaluateur", width: 28, value: (r) => r.name },
          { header: "Questionnaires reçus", width: 18, value: (r) => r.satisfactionAnswers },
          {
            header: "Satisfaction (sur 4)",
            width: 18,
            numFmt: EXCEL_FORMATS.decimal,
            value: (r) => r.satisfactionAverage,
          },
          { header: "Missions notées", width: 14, value: (r) => r.performanceMissions },
          {
            header: "Performance (sur 5)",
            width: 18,
            numFmt: EXCEL_FORMATS.decimal,
            value: (r) => r.performanceAverage,
          },
        ],
        rows: s.evaluators,
      }),
    ],
    created,
  );
}

export function linkInterestWorkbook(s: LinkInterestStatistics, created: Date): Promise<Buffer> {
  return workbookOf(
    [
      sheet({
        name: "Par évaluateur",
        columns: [
          { header: "Évaluateur", width: 28, value: (r) => r.name },
          { header: "Liens sur la période", width: 18, value: (r) => r.links },
          { header: "Liens en cours", width: 14, value: (r) => r.active },
          { header: "Organisations", width: 14, value: (r) => r.organisations },
          { header: "Affectations refusées", width: 20, value: (r) => r.refused },
          { header: "Affectations justifiées", width: 20, value: (r) => r.justified },
        ],
        rows: s.byEvaluator,
      }),
      sheet({
        name: "Par organisation",
        columns: [
          { header: "Organisation", width: 36, value: (r) => r.organisationName },
          {
            header: "Type",
            width: 18,
            value: (r) => ORGANISATION_TYPE_LABELS[r.organisationType as OrganisationType] ?? r.organisationType,
          },
          { header: "Évaluateurs liés", width: 16, value: (r) => r.evaluators },
          { header: "Liens sur la période", width: 18, value: (r) => r.links },
          { header: "Liens en cours", width: 14, value: (r) => r.active },
        ],
        rows: s.byOrganisation,
      }),
      sheet({
        name: "Affectations",
        columns: [
          { header: "Date", width: 12, numFmt: EXCEL_FORMATS.date, value: (r) => toExcelDate(r.at) },
          { header: "Décision", width: 28, value: (r) => ASSIGNMENT_DECISION_LABELS[r.decision] },
          { header: "Évaluateur", width: 28, value: (r) => r.auditorName },
          { header: "Établissement", width: 36, value: (r) => r.clientName ?? "" },
          { header: "Contrat", width: 16, value: (r) => r.contractNumber ?? "" },
          { header: "Motifs", width: 60, value: (r) => r.reasons.join(" ") },
          { header: "Justification", width: 50, value: (r) => r.justification ?? "" },
          { header: "Par", width: 24, value: (r) => r.by },
        ],
        rows: s.decisions,
      }),
    ],
    created,
  );
}
