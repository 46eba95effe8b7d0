import {
  ASSIGNMENT_DECISION_LABELS,
  formatDate,
  type LinkInterestQuery,
  ORGANISATION_TYPE_LABELS,
  type OrganisationType,
} from "@certidesk/shared";
import { Alert, Badge, Loader, Stack, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { useLinkInterest } from "../api/get-link-interest";
import { ChartFigure } from "./ChartFigure";
import { LazyBarChart as BarChart } from "./LazyBarChart";
import { StatsTable } from "./StatsTable";

const orgType = (t: string) => ORGANISATION_TYPE_LABELS[t as OrganisationType] ?? t;

/**
 * STATS_LINK_INTEREST, for the accreditation audit (COFRAC): the declared links of interest in force
 * over the period, per evaluator and per organisation, and every assignment the impartiality engine
 * refused or let through with a written justification.
 */
export function LinkInterestTab({ query, enabled }: { query: LinkInterestQuery; enabled: boolean }) {
  const { data, error, isPending } = useLinkInterest(query, enabled);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isPending || !data) return <Loader aria-label="Chargement des liens d'intérêts" />;
  return (
    <Stack>
      <Text size="sm" c="dimmed" aria-live="polite">
        Période : du {formatDate(data.period.from)} au {formatDate(data.period.to)}
      </Text>
      <ChartFigure
        title="Liens d'intérêts et affectations par évaluateur"
        description="Liens en vigueur à un jour au moins de la période ; « en cours » : toujours en vigueur à sa fin."
        chart={
          data.byEvaluator.length > 0 ? (
            <BarChart
              h={Math.max(200, data.byEvaluator.length * 36)}
              data={data.byEvaluator}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: 140 }}
              // Lines along the values only: a line through each name read as the bar below it.
              gridAxis="y"
              series={[
                { name: "links", label: "Liens", color: "blue.6" },
                { name: "refused", label: "Affectations refusées", color: "red.7" },
                { name: "justified", label: "Affectations justifiées", color: "orange.6" },
              ]}
              withLegend
              xAxisProps={{ allowDecimals: false }}
            />
          ) : null
        }
        table={
          <StatsTable
            caption="Par évaluateur"
            columns={[
              { header: "Évaluateur", value: (r) => r.name },
              { header: "Liens sur la période", value: (r) => r.links, numeric: true },
              { header: "En cours", value: (r) => r.active, numeric: true },
              { header: "Organisations", value: (r) => r.organisations, numeric: true },
              { header: "Refusées", value: (r) => r.refused, numeric: true },
              { header: "Justifiées", value: (r) => r.justified, numeric: true },
            ]}
            rows={data.byEvaluator}
            rowKey={(r) => r.auditorId}
          />
        }
      />
      <ChartFigure
        title="Liens d'intérêts par organisation"
        chart={null}
        table={
          <StatsTable
            caption="Par organisation"
            columns={[
              { header: "Organisation", value: (r) => r.organisationName },
              { header: "Type", value: (r) => orgType(r.organisationType) },
              { header: "Évaluateurs liés", value: (r) => r.evaluators, numeric: true },
              { header: "Liens", value: (r) => r.links, numeric: true },
              { header: "En cours", value: (r) => r.active, numeric: true },
            ]}
            rows={data.byOrganisation}
            rowKey={(r) => `${r.organisationType}-${r.organisationId}`}
          />
        }
      />
      <ChartFigure
        title="Affectations refusées ou justifiées"
        description="Chaque décision du moteur d'impartialité : refus (incompatibilité bloquante) ou affectation maintenue malgré une alerte, avec sa justification écrite."
        chart={null}
        table={
          <StatsTable
            caption="Décisions du moteur d'impartialité"
            minWidth={900}
            emptyText="Aucune affectation refusée ni justifiée sur cette période."
            columns={[
              { header: "Date", value: (r) => formatDate(r.at) },
              {
                header: "Décision",
                value: (r) => (
                  <Badge color={r.decision === "REFUSED" ? "red" : "orange"} variant="light">
                    {ASSIGNMENT_DECISION_LABELS[r.decision]}
                  </Badge>
                ),
              },
              { header: "Évaluateur", value: (r) => r.auditorName },
              { header: "Établissement", value: (r) => r.clientName ?? "—" },
              { header: "Contrat", value: (r) => r.contractNumber ?? "—" },
              { header: "Motifs", value: (r) => r.reasons.join(" ") },
              { header: "Justification", value: (r) => r.justification ?? "—" },
              { header: "Par", value: (r) => r.by },
            ]}
            rows={data.decisions}
            rowKey={(r) => r.id}
          />
        }
      />
    </Stack>
  );
}
