import { type BadgeRow, rowBadges } from "@certidesk/shared";
import { Badge, Group, VisuallyHidden } from "@mantine/core";
import { Hint } from "../tooltip/Hint";

export interface BadgesProps {
  row: BadgeRow;
}

/** The M / G / GST badges beside a client's name, each explained by a tooltip. */
export function Badges({ row }: BadgesProps) {
  const badges = rowBadges(row);
  if (badges.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {badges.map((badge) => (
        <Hint key={badge.code} label={badge.tooltip}>
          <Badge size="xs" variant="light" color={badge.color} data-badge={badge.code}>
            {badge.label}
            <VisuallyHidden> ({badge.tooltip})</VisuallyHidden>
          </Badge>
        </Hint>
      ))}
    </Group>
  );
}
