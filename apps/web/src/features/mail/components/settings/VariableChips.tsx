import type { MailTemplate } from "@certidesk/shared";
import { Badge, Group, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { variableToken } from "../../insert-variable";

/** The variables a template may use; a click inserts one where the caret was. */
export function VariableChips({
  variables,
  onInsert,
  disabled,
}: {
  variables: MailTemplate["variables"];
  onInsert: (name: string) => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Variables
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        Cliquez sur une variable pour l'insérer dans l'objet ou le message, à l'endroit du curseur.
      </Text>
      <Group gap={6}>
        {variables.map((v) => (
          <Tooltip key={v.name} label={variableToken(v.name)} withArrow>
            <UnstyledButton
              onClick={() => onInsert(v.name)}
              disabled={disabled}
              aria-label={`Insérer ${v.label}`}
              // Keeps the focus (and the caret) in the field being edited.
              onMouseDown={(e) => e.preventDefault()}
            >
              <Badge variant="light" tt="none" size="lg" style={{ cursor: disabled ? "not-allowed" : "pointer" }}>
                {v.label}
              </Badge>
            </UnstyledButton>
          </Tooltip>
        ))}
      </Group>
    </div>
  );
}
