import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { wallKeys } from "./keys";

export const getUnreadCount = () => api.get<{ count: number }>("/api/wall/unread-count");
export const unreadCountQueryOptions = () =>
  // New posts arrive without a reload: the menu's count is asked again every few minutes.
  queryOptions({ queryKey: wallKeys.unread(), queryFn: getUnreadCount, refetchInterval: 5 * 60_000 });
export const useUnreadCount = (enabled = true) => useQuery({ ...unreadCountQueryOptions(), enabled });
