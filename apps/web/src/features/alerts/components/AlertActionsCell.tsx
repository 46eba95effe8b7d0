import type { AlertRow } from "@certidesk/shared";
import { ActionIcon, Box, Button, Group } from "@mantine/core";
import { IconDots, IconSend } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { ActionListPopup, RowActions } from "../../../components";
import { ALERT_ROW_ACTIONS, MENU_CODES, menuEntries } from "./page-actions";

export interface AlertActionsCellProps {
  row: AlertRow;
  onAction: (code: string, row: AlertRow) => void;
  /** The row's questionnaire was sent during this visit. */
  satisfactionSent: boolean;
  now?: Date;
}

// The row opens its record on click; nothing in this cell (nor its popup, rendered in a portal
// but bubbling through React) may open it too.
const stop = (event: MouseEvent) => event.stopPropagation();

/** The actions column of an alert row: the spec's icon actions, then the action-list popup. */
export function AlertActionsCell({ row, onAction, satisfactionSent, now }: AlertActionsCellProps) {
  const { actions, retroactive } = menuEntries(row, satisfactionSent);
  return (
    <Box onClick={stop}>
      <Group gap={4} wrap="nowrap">
        {row.isSendSatisfactionToAuditor && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconSend size={14} />}
            disabled={satisfactionSent}
            onClick={() => onAction(MENU_CODES.SEND_SATISFACTION, row)}
          >
            {satisfactionSent ? "Envoyé aux évaluateurs" : "Envoyer aux évaluateurs"}
          </Button>
        )}
        <RowActions row={row} codes={ALERT_ROW_ACTIONS} onAction={(code) => onAction(code, row)} now={now} />
        <ActionListPopup actions={actions} retroactiveActions={retroactive} onSelect={(code) => onAction(code, row)}>
          {/* No Hint here: the menu's target must receive the click itself (a tooltip wrapper swallows it). */}
          <ActionIcon variant="subtle" color="gray" aria-label="Plus d'actions" title="Plus d'actions">
            <IconDots size={18} />
          </ActionIcon>
        </ActionListPopup>
      </Group>
    </Box>
  );
}
