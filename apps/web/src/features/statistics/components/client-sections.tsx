import {
  type ClientStatistics,
  formatCurrency,
  formatDecimal,
  formatMonthLabel,
  REPORT_KIND_LABELS,
  type StatisticsDelay,
} from "@certidesk/shared";
import { Text } from "@mantine/core";
import { ChartFigure } from "./ChartFigure";
import { LazyBarChart as BarChart } from "./LazyBarChart";
import { type StatsColumn, StatsTable } from "./StatsTable";

type Counts = ClientStatistics["evaluationTotals"];
const COUNT_SERIES = [
  { name: "sold", label: "Vendues", color: "blue.6" },
  { name: "planned", label: "Planifiées", color: "cyan.6" },
  { name: "done", label: "Réalisées", color: "teal.6" },
  { name: "finalised", label: "Finalisées", color: "green.8" },
];
const countColumns = <R extends Counts>(): Array<StatsColumn<R>> => [
  { header: "Vendues", value: (r) => r.sold, numeric: true },
  { header: "Planifiées", value: (r) => r.planned, numeric: true },
  { header: "Réalisées", value: (r) => r.done, numeric: true },
  { header: "Finalisées", value: (r) => r.finalised, numeric: true },
];
const days = (v: number | null) => (v === null ? "—" : `${formatDecimal(v, { maxDecimals: 1 })} j`);
const percent = (v: number | null) => (v === null ? "—" : `${formatDecimal(v, { maxDecimals: 1 })} %`);
const average = (v: number | null) => (v === null ? "—" : formatDecimal(v, { maxDecimals: 2 }));

export function EvaluationsByMonth({ s }: { s: ClientStatistics }) {
  const data = s.evaluationsByMonth.map((m) => ({ ...m, label: formatMonthLabel(m.month) }));
  return (
    <ChartFigure
      title="Évaluations par mois"
      description="Vendues : contrat signé ; planifiées : premier jour de visite ; réalisées : dernier jour de visite passé ; finalisées : rapport définitif envoyé."
      chart={
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={COUNT_SERIES}
          withLegend
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      }
      table={
        <StatsTable
          caption="Évaluations par mois"
          columns={[{ header: "Mois", value: (r) => r.label }, ...countColumns<(typeof data)[number]>()]}
          rows={data}
          rowKey={(r) => r.month}
          footer={{ month: "total", label: "Total", ...s.evaluationTotals }}
        />
      }
    />
  );
}

/** The chart keeps the busiest départements readable; the table lists them all. */
const CHART_DEPARTEMENTS = 12;
const activity = (r: Counts) => r.sold + r.planned + r.done + r.finalised;

export function EvaluationsByDepartement({ s }: { s: ClientStatistics }) {
  const rows = s.evaluationsByDepartement;
  const busiest = [...rows]
    .sort((a, b) => activity(b) - activity(a) || a.departement.localeCompare(b.departement))
    .slice(0, CHART_DEPARTEMENTS)
    .sort((a, b) => a.departement.localeCompare(b.departement));
  return (
    <ChartFigure
      title="Évaluations par département"
      description={`Le département de l'établissement évalué ; le graphique montre les ${CHART_DEPARTEMENTS} départements les plus actifs, le tableau les montre tous.`}
      chart={
        rows.length > 0 ? (
          <BarChart
            h={260}
            data={busiest}
            dataKey="departement"
            series={COUNT_SERIES}
            withLegend
            tickLine="y"
            yAxisProps={{ allowDecimals: false }}
          />
        ) : null
      }
      table={
        <StatsTable
          caption="Évaluations par département"
          columns={[{ header: "Département", value: (r) => r.departement }, ...countColumns<(typeof rows)[number]>()]}
          rows={rows}
          rowKey={(r) => r.departement}
        />
      }
    />
  );
}

export function RevenueByMonth({ s }: { s: ClientStatistics }) {
  const data = s.revenueByMonth.map((m) => ({ ...m, label: formatMonthLabel(m.month) }));
  return (
    <ChartFigure
      title="Chiffre d'affaires par mois"
      description="Facturé : factures émises moins les avoirs, à leur date d'émission ; encaissé : paiements reçus, à leur date."
      chart={
        <BarChart
          h={260}
          data={data}
          dataKey="label"
          series={[
            { name: "invoicedHt", label: "Facturé HT", color: "blue.6" },
            { name: "collected", label: "Encaissé", color: "teal.6" },
          ]}
          withLegend
          tickLine="y"
          valueFormatter={(v) => formatCurrency(v)}
          yAxisProps={{ width: 96 }}
        />
      }
      table={
        <StatsTable
          caption="Chiffre d'affaires par mois"
          columns={[
            { header: "Mois", value: (r) => r.label },
            { header: "Facturé HT", value: (r) => formatCurrency(r.invoicedHt), numeric: true },
            { header: "Facturé TTC", value: (r) => formatCurrency(r.invoicedTtc), numeric: true },
            { header: "Encaissé", value: (r) => formatCurrency(r.collected), numeric: true },
          ]}
          rows={data}
          rowKey={(r) => r.month}
          footer={{ month: "total", label: "Total", ...s.revenueTotals }}
        />
      }
    />
  );
}

export function Pipeline({ s }: { s: ClientStatistics }) {
  const p = s.pipeline;
  const steps: Array<{ key: string; label: string; count: number; rate: number | null; delay?: StatisticsDelay }> = [
    { key: "requests", label: "Demandes reçues", count: p.requests, rate: null },
    { key: "quoted", label: "Devis envoyés", count: p.quoted, rate: p.quoteRate, delay: p.requestToQuote },
    { key: "signed", label: "Contrats signés", count: p.signed, rate: p.conversionRate, delay: p.requestToSignature },
  ];
  return (
    <ChartFigure
      title="Des demandes à la signature"
      description="Les demandes reçues sur la période, et ce qu'elles sont devenues ; délais en jours calendaires."
      chart={
        <BarChart
          h={200}
          data={steps.map((x) => ({ label: x.label, count: x.count }))}
          dataKey="label"
          series={[{ name: "count", label: "Nombre", color: "blue.6" }]}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      }
      table={
        <>
          <StatsTable
            caption="Conversion"
            columns={[
              { header: "Étape", value: (r) => r.label },
              { header: "Nombre", value: (r) => r.count, numeric: true },
              { header: "Part des demandes", value: (r) => percent(r.rate), numeric: true },
            ]}
            rows={steps}
            rowKey={(r) => r.key}
            minWidth={420}
          />
          <Text size="sm">Part des devis envoyés suivis d'une signature : {percent(p.signatureRate)}</Text>
          <StatsTable
            caption="Délais entre les étapes"
            columns={[
              { header: "Entre", value: (r) => r.label },
              { header: "Cas", value: (r) => r.delay.count, numeric: true },
              { header: "Moyenne", value: (r) => days(r.delay.averageDays), numeric: true },
              { header: "Médiane", value: (r) => days(r.delay.medianDays), numeric: true },
            ]}
            rows={[
              { key: "rq", label: "Demande → devis envoyé", delay: p.requestToQuote },
              { key: "qs", label: "Devis envoyé → contrat signé", delay: p.quoteToSignature },
              { key: "rs", label: "Demande → contrat signé", delay: p.requestToSignature },
            ]}
            rowKey={(r) => r.key}
            minWidth={480}
          />
        </>
      }
    />
  );
}

export function ReportDelays({ s }: { s: ClientStatistics }) {
  const rows = s.reports.map((r) => ({ ...r, label: REPORT_KIND_LABELS[r.report] }));
  return (
    <ChartFigure
      title="Délais des rapports"
      description="Visites terminées sur la période : rapport envoyé à la date due (paramètres des missions) ou avant, en retard, ou pas encore dû."
      chart={
        <BarChart
          h={200}
          data={rows}
          dataKey="label"
          type="stacked"
          series={[
            { name: "onTime", label: "Dans les délais", color: "teal.6" },
            { name: "late", label: "En retard", color: "red.7" },
            { name: "pending", label: "Pas encore dus", color: "gray.5" },
          ]}
          withLegend
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      }
      table={
        <StatsTable
          caption="Délais des rapports"
          columns={[
            { header: "Rapport", value: (r) => r.label },
            { header: "Dans les délais", value: (r) => r.onTime, numeric: true },
            { header: "En retard", value: (r) => r.late, numeric: true },
            { header: "Pas encore dus", value: (r) => r.pending, numeric: true },
            { header: "Retard moyen", value: (r) => days(r.averageDelayDays), numeric: true },
          ]}
          rows={rows}
          rowKey={(r) => r.report}
        />
      }
    />
  );
}

export function EvaluatorQuality({ s }: { s: ClientStatistics }) {
  return (
    <ChartFigure
      title="Satisfaction et performance par évaluateur"
      description="Satisfaction : moyenne des réponses des questionnaires reçus sur la période (sur 4) ; performance : moyenne des notes données sur la période (sur 5)."
      chart={null}
      table={
        <StatsTable
          caption="Satisfaction et performance par évaluateur"
          columns={[
            { header: "Évaluateur", value: (r) => r.name },
            { header: "Questionnaires", value: (r) => r.satisfactionAnswers, numeric: true },
            { header: "Satisfaction (sur 4)", value: (r) => average(r.satisfactionAverage), numeric: true },
            { header: "Missions notées", value: (r) => r.performanceMissions, numeric: true },
            { header: "Performance (sur 5)", value: (r) => average(r.performanceAverage), numeric: true },
          ]}
          rows={s.evaluators}
          rowKey={(r) => r.auditorId}
        />
      }
    />
  );
}
