import { Button, Group, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface BulkBarProps {
  /** Rows selected: ticked, or all those of the filter. */
  count: number;
  /** Rows matching the filter, every page together. */
  total: number;
  allMatching: boolean;
  /** Absent where a filter selection is not offered (the alerts: computed rows, picked one by one). */
  onSelectAllMatching?: () => void;
  onClear: () => void;
  /** The list's bulk actions (buttons). */
  children: ReactNode;
}

const rows = (n: number) => `${n} sélectionnée${n > 1 ? "s" : ""}`;

/**
 * Above a list with a selection: how many rows are selected, "select the M results of the filter" (not only
 * the page), "clear", and the actions. Shown once a row is ticked; its count is announced (role status).
 */
export function BulkBar({ count, total, allMatching, onSelectAllMatching, onClear, children }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-blue-light)" role="region" aria-label="Actions groupées">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} role="status">
            {allMatching ? `${rows(count)} (tous les résultats du filtre)` : rows(count)}
          </Text>
          {onSelectAllMatching && !allMatching && count < total && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAllMatching}>
              Sélectionner les {total} résultats du filtre
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            Tout désélectionner
          </Button>
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
