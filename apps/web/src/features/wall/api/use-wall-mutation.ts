import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** Every change of the wall refreshes its feed and unread count. */
export function useWallMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateDomains(client, "wall") });
}
