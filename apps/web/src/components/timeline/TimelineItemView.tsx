import type { TimelineItem, TimelineKind } from "@certidesk/shared";
import { Anchor, Text, ThemeIcon } from "@mantine/core";
import {
  IconBell,
  IconBellOff,
  IconFileText,
  IconMail,
  IconMessage,
  IconPencil,
  IconPlus,
  IconStatusChange,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDateTime } from "../../lib/date-time";

export const KIND_ICONS: Record<TimelineKind, { icon: ReactNode; color: string }> = {
  COMMENT: { icon: <IconMessage size={14} />, color: "blue" },
  FOLLOW_UP: { icon: <IconBell size={14} />, color: "orange" },
  FOLLOW_UP_CLEARED: { icon: <IconBellOff size={14} />, color: "gray" },
  CREATION: { icon: <IconPlus size={14} />, color: "teal" },
  STATUS: { icon: <IconStatusChange size={14} />, color: "grape" },
  CHANGE: { icon: <IconPencil size={14} />, color: "gray" },
  MAIL: { icon: <IconMail size={14} />, color: "indigo" },
  DOCUMENT: { icon: <IconFileText size={14} />, color: "cyan" },
};

export function TimelineBullet({ kind }: { kind: TimelineKind }) {
  const { icon, color } = KIND_ICONS[kind];
  return (
    <ThemeIcon size={22} radius="xl" color={color} variant="light">
      {icon}
    </ThemeIcon>
  );
}

/** One event: what happened, the details, who and when. */
export function TimelineItemView({ item }: { item: TimelineItem }) {
  return (
    <>
      <Text size="sm" fw={600} component="div">
        {item.title}
      </Text>
      {item.text && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {item.text}
        </Text>
      )}
      {item.mail && (
        <Text size="xs" c="dimmed">
          À : {item.mail.to.join(", ")}
        </Text>
      )}
      {item.document && (
        <Anchor href={item.document.url} target="_blank" rel="noopener" size="xs">
          Ouvrir « {item.document.name} »
        </Anchor>
      )}
      <Text size="xs" c="dimmed">
        {item.authorLabel} · {formatDateTime(item.occurredAt)}
      </Text>
    </>
  );
}
