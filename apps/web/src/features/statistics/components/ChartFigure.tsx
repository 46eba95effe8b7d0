import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useId } from "react";

/**
 * A chart with its visible title, its legend, and the table of the same figures under it: screen
 * readers hear the title and a pointer to the table (the drawing itself is an image to them), and
 * read the numbers in the table.
 */
export function ChartFigure(props: { title: string; description?: string; chart: ReactNode; table: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {props.title}
          </Title>
          {props.description ? (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          ) : null}
        </div>
        {props.chart ? (
          <div role="img" aria-label={`Graphique : ${props.title}. Les chiffres sont dans le tableau qui suit.`}>
            {props.chart}
          </div>
        ) : null}
        {props.table}
      </Stack>
    </Paper>
  );
}
