import { formatDate, formatDecimal, PERFORMANCE_POINT_MAX, REF_CRITERIA_LABELS } from "@certidesk/shared";
import { Alert, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { errorMessage } from "../../../lib/api-client";
import { useAuditorPerformance } from "../api/get-auditor-performance";
import { StatementsPanel } from "./StatementsPanel";

/** On the evaluator's file: their average per criterion over all scored missions, and their monthly statements. */
export function AuditorQualityBlock({ auditorId }: { auditorId: string }) {
  const { data, error } = useAuditorPerformance(auditorId);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return null;
  const scored = data.missions.filter((m) => m.average !== null);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Performance
          </Title>
          {scored.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune mission évaluée pour l'instant.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Critère</Table.Th>
                    <Table.Th>Moyenne</Table.Th>
                    <Table.Th>Missions notées</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.criteria.map((c) => (
                    <Table.Tr key={c.refCriteriaVO}>
                      <Table.Td>{REF_CRITERIA_LABELS[c.refCriteriaVO]}</Table.Td>
                      <Table.Td>
                        {c.average === null ? "—" : `${formatDecimal(c.average)} / ${PERFORMANCE_POINT_MAX}`}
                      </Table.Td>
                      <Table.Td>{c.count}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {scored.length > 0 && (
            <Text size="sm">
              Dernières missions :{" "}
              {scored
                .slice(0, 5)
                .map((m) => `${m.label}${m.day ? ` (${formatDate(m.day)})` : ""} : ${formatDecimal(m.average ?? 0)}`)
                .join(" · ")}
            </Text>
          )}
        </Stack>
      </Paper>
      <StatementsPanel
        auditorId={auditorId}
        intro="Ce qui revient à l'évaluateur chaque mois : les honoraires des missions terminées dans le mois et ses frais validés."
      />
    </Stack>
  );
}
