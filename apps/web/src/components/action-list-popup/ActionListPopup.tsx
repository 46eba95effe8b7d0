import { Menu, Stack, Text } from "@mantine/core";
import { type ReactElement, useId } from "react";
import { fromMenu } from "../menu-action/menu-action";

export const ACTION_STATUS = { ACTIVE: "ACTIVE", INACTIVE: "INACTIVE" } as const;
export type ActionStatus = (typeof ACTION_STATUS)[keyof typeof ACTION_STATUS];

export interface ActionListEntry {
  label: string;
  subLabel?: string;
  code: string;
  status: ActionStatus;
}

/** Spec §9: the action popup is 350px wide by default. */
export const ACTION_LIST_WIDTH = 350;

export interface ActionListPopupProps {
  actions: readonly ActionListEntry[];
  /** The "Actions rétroactives" group: steps recorded after the fact. */
  retroactiveActions?: readonly ActionListEntry[];
  onSelect: (code: string) => void;
  /** The element that opens the popup; it must accept a ref (a Mantine button does). */
  children: ReactElement;
  width?: number;
  opened?: boolean;
  onChange?: (opened: boolean) => void;
}

function Group({
  title,
  entries,
  onSelect,
}: {
  title: string;
  entries: readonly ActionListEntry[];
  onSelect: (code: string) => void;
}) {
  const labelId = `${useId()}-label`;
  if (entries.length === 0) return null;
  // A menu may own only items, groups and separators: each group is a named group (axe aria-required-children).
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of menu items, not of form fields (no fieldset in a menu)
    <div role="group" aria-labelledby={labelId}>
      <Menu.Label id={labelId}>{title}</Menu.Label>
      {entries.map((entry) => {
        const inactive = entry.status !== ACTION_STATUS.ACTIVE;
        return (
          <Menu.Item
            key={entry.code}
            disabled={inactive}
            data-status={entry.status}
            onClick={inactive ? undefined : fromMenu(() => onSelect(entry.code))}
          >
            <Stack gap={0}>
              <Text size="sm" c={inactive ? "dimmed" : undefined}>
                {entry.label}
              </Text>
              {entry.subLabel && (
                <Text size="xs" c="dimmed">
                  {entry.subLabel}
                </Text>
              )}
            </Stack>
          </Menu.Item>
        );
      })}
    </div>
  );
}

/** Popup listing a record's next steps in two groups; inactive steps are greyed and inert. */
export function ActionListPopup(props: ActionListPopupProps) {
  const { actions, retroactiveActions = [], onSelect, children, width = ACTION_LIST_WIDTH } = props;
  return (
    <Menu width={width} position="bottom-end" shadow="md" opened={props.opened} onChange={props.onChange}>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        <Group title="Actions" entries={actions} onSelect={onSelect} />
        {actions.length > 0 && retroactiveActions.length > 0 && <Menu.Divider role="separator" />}
        <Group title="Actions rétroactives" entries={retroactiveActions} onSelect={onSelect} />
      </Menu.Dropdown>
    </Menu>
  );
}
