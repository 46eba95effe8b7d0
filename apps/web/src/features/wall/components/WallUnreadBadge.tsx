import { Badge, VisuallyHidden } from "@mantine/core";
import { useUnreadCount } from "../api/get-unread-count";

/** The menu entry's count of unread posts; nothing when all are read. The words are for screen readers. */
export function WallUnreadBadge() {
  const { data } = useUnreadCount();
  if (!data?.count) return null;
  return (
    <Badge size="sm" circle={data.count < 10} color="red" data-testid="wall-unread">
      {data.count}
      <VisuallyHidden> publication(s) non lue(s)</VisuallyHidden>
    </Badge>
  );
}
