import { Badge } from "@mantine/core";
import { useUnreadCount } from "../api/get-unread-count";

/** The menu entry's count of unread posts; nothing when all are read. */
export function WallUnreadBadge() {
  const { data } = useUnreadCount();
  if (!data?.count) return null;
  return (
    <Badge size="sm" circle={data.count < 10} color="red" aria-label={`${data.count} non lue(s)`}>
      {data.count}
    </Badge>
  );
}
