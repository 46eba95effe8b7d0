import {
  IMPARTIALITY_RULE_LABELS,
  IMPARTIALITY_RULES,
  isEditableRule,
  type RuleSeverities,
  ruleSeverity,
} from "@certidesk/shared";
import { Badge, SegmentedControl, Table, Text } from "@mantine/core";

/**
 * Which planning rules block and which warn (a warning needs a written justification). The HAS
 * rules always block: shown, not editable.
 */
export function RuleSeveritiesTable({
  value,
  onChange,
  disabled,
}: {
  value: RuleSeverities;
  onChange: (next: RuleSeverities) => void;
  disabled: boolean;
}) {
  return (
    // A data table: on a narrow screen it scrolls inside its frame rather than widening the page (WCAG 1.4.10).
    <Table.ScrollContainer minWidth={440}>
      <Table withTableBorder aria-label="Règles de planification">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Règle vérifiée à chaque changement d'équipe ou de jours</Table.Th>
            <Table.Th>Effet</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {IMPARTIALITY_RULES.map((rule) => (
            <Table.Tr key={rule}>
              <Table.Td>
                <Text size="sm">{IMPARTIALITY_RULE_LABELS[rule]}</Text>
              </Table.Td>
              <Table.Td>
                {isEditableRule(rule) ? (
                  <SegmentedControl
                    size="xs"
                    disabled={disabled}
                    aria-label={IMPARTIALITY_RULE_LABELS[rule]}
                    value={ruleSeverity(rule, value)}
                    onChange={(v) => onChange({ ...value, [rule]: v as "BLOCKING" | "WARNING" })}
                    data={[
                      { value: "BLOCKING", label: "Bloquante" },
                      { value: "WARNING", label: "Avertissement" },
                    ]}
                  />
                ) : (
                  <Badge color="red" variant="light">
                    Bloquante (HAS, non modifiable)
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
