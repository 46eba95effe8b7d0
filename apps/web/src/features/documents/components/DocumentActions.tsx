import type { DocumentRow } from "@certidesk/shared";
import { ActionIcon, Group } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { Hint, type RowActionCode, RowActions } from "../../../components";

export type DocumentAction = RowActionCode | "NEW_VERSION";

export interface DocumentActionsProps {
  row: DocumentRow;
  canUpdate: boolean;
  canDelete: boolean;
  onAction: (action: DocumentAction, row: DocumentRow) => void;
}

/** The kit's row actions (preview, edit, history, delete) plus the library's own "new version". */
export function DocumentActions({ row, canUpdate, canDelete, onAction }: DocumentActionsProps) {
  const codes: RowActionCode[] = ["View", ...(canUpdate ? (["EDIT"] as const) : []), "HISTORY"];
  return (
    <Group gap={4} wrap="nowrap">
      <RowActions row={{}} codes={codes} onAction={(code) => onAction(code, row)} />
      {canUpdate && (
        <Hint label="Nouvelle version">
          <ActionIcon variant="light" aria-label="Nouvelle version" onClick={() => onAction("NEW_VERSION", row)}>
            <IconUpload size={18} />
          </ActionIcon>
        </Hint>
      )}
      {canDelete && <RowActions row={{}} codes={["DELETE"]} onAction={(code) => onAction(code, row)} />}
    </Group>
  );
}
