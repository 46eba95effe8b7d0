import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconColumns } from "@tabler/icons-react";

export interface ColumnChoice {
  key: string;
  title: string;
  shown: boolean;
}

export interface ColumnsControlProps {
  choices: ColumnChoice[];
  onChange: (choices: ColumnChoice[]) => void;
}

/**
 * "Colonnes": which columns the list shows and in what order. A checkbox per column and buttons to move it
 * up or down (the keyboard does all of it, no dragging). A button at an end stays focusable (aria-disabled)
 * so that the focus is not lost when a column reaches the top or the bottom.
 */
export function ColumnsControl({ choices, onChange }: ColumnsControlProps) {
  const shownCount = choices.filter((c) => c.shown).length;
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= choices.length) return;
    const next = [...choices];
    [next[index], next[target]] = [next[target] as ColumnChoice, next[index] as ColumnChoice];
    onChange(next);
  };
  const toggle = (key: string, shown: boolean) => onChange(choices.map((c) => (c.key === key ? { ...c, shown } : c)));

  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus={false} returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          Colonnes
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)">
        <Text fw={600} size="sm" mb="xs" id="columns-control-title">
          Colonnes affichées, dans leur ordre
        </Text>
        <Stack gap={4} role="group" aria-labelledby="columns-control-title">
          {choices.map((choice, index) => (
            <Group key={choice.key} gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                label={choice.title}
                checked={choice.shown}
                // The list keeps at least one column.
                disabled={choice.shown && shownCount === 1}
                onChange={(e) => toggle(choice.key, e.currentTarget.checked)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Monter la colonne « ${choice.title} »`}
                  aria-disabled={index === 0 || undefined}
                  data-disabled={index === 0 || undefined}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Descendre la colonne « ${choice.title} »`}
                  aria-disabled={index === choices.length - 1 || undefined}
                  data-disabled={index === choices.length - 1 || undefined}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
