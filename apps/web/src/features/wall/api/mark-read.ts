import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";

export const markRead = (postId: string) => api.post<{ ok: true }>(`/api/wall/posts/${postId}/read`);
/** "Lu par": the post counts as read once shown; the feed and the menu's count follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markRead, onSuccess: () => invalidateDomains(client, "wall") });
}
