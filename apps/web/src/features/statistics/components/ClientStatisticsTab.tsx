import { type ClientStatisticsQuery, formatDate } from "@certidesk/shared";
import { Alert, Loader, Stack, Text } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { useClientStatistics } from "../api/get-client-statistics";
import {
  EvaluationsByDepartement,
  EvaluationsByMonth,
  EvaluatorQuality,
  Pipeline,
  ReportDelays,
  RevenueByMonth,
} from "./client-sections";

/** STATS_CLIENT: each figure as a chart and as the table of the same numbers. */
export function ClientStatisticsTab({ query, enabled }: { query: ClientStatisticsQuery; enabled: boolean }) {
  const { data, error, isPending } = useClientStatistics(query, enabled);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (isPending || !data) return <Loader aria-label="Chargement des statistiques" />;
  return (
    <Stack>
      <Text size="sm" c="dimmed" aria-live="polite">
        Période : du {formatDate(data.period.from)} au {formatDate(data.period.to)}
      </Text>
      <EvaluationsByMonth s={data} />
      <EvaluationsByDepartement s={data} />
      <RevenueByMonth s={data} />
      <Pipeline s={data} />
      <ReportDelays s={data} />
      <EvaluatorQuality s={data} />
    </Stack>
  );
}
