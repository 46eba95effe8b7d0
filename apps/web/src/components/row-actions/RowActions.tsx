import { ActionIcon, Group } from "@mantine/core";
import {
  IconCheck,
  IconEye,
  IconHistory,
  IconMail,
  IconMailOpened,
  IconMessage,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import type { MouseEvent, ReactNode } from "react";
import { Hint } from "../tooltip/Hint";
import {
  ALL_ROW_ACTIONS,
  type RowActionCode,
  type RowActionFlags,
  type RowActionState,
  resolveRowActions,
} from "./action-codes";

const ICONS: Record<RowActionCode, ReactNode> = {
  SEND_MAIL: <IconMail size={18} />,
  CONFIRM: <IconCheck size={18} />,
  COMMENT: <IconMessage size={18} />,
  View: <IconEye size={18} />,
  EDIT: <IconPencil size={18} />,
  HISTORY: <IconHistory size={18} />,
  DELETE: <IconTrash size={18} />,
  MAIL_LIST: <IconMailOpened size={18} />,
};

function colorOf(action: RowActionState): string {
  if (action.blocked) return "gray";
  if (action.type === "warning") return "orange";
  if (action.type === "info") return "blue";
  if (action.code === "DELETE") return "red";
  if (action.code === "CONFIRM") return "green";
  return "brand";
}

export interface RowActionsProps {
  row: RowActionFlags;
  /** Actions to offer, in display order; the row's flags then hide or block some. Default: all. */
  codes?: readonly RowActionCode[];
  onAction: (code: RowActionCode) => void;
  /** Reference time for "follow-up date past"; injectable for tests. */
  now?: Date;
}

/** The icon buttons of a table row's actions column (spec §6 visibility rules). */
export function RowActions({ row, codes = ALL_ROW_ACTIONS, onAction, now }: RowActionsProps) {
  const actions = resolveRowActions(codes, row, now);
  const handle = (action: RowActionState) => (event: MouseEvent) => {
    // The row itself is clickable: an action must not also open the row.
    event.stopPropagation();
    if (!action.blocked) onAction(action.code);
  };
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Hint key={action.code} label={action.label}>
          <ActionIcon
            variant="light"
            color={colorOf(action)}
            aria-label={action.label}
            // data-disabled rather than disabled keeps the tooltip explaining why.
            data-disabled={action.blocked || undefined}
            aria-disabled={action.blocked || undefined}
            data-code={action.code}
            data-type={action.type}
            style={action.blocked ? { cursor: "not-allowed" } : undefined}
            onClick={handle(action)}
          >
            {ICONS[action.code]}
          </ActionIcon>
        </Hint>
      ))}
    </Group>
  );
}
