import { Text } from "@mantine/core";

/** The planning board: evaluators as rows, the days of a month as columns (coming next). */
export function PlanningBoard() {
  return <Text c="dimmed">Le planning du mois s'affiche ici.</Text>;
}
