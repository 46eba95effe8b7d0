import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** A mission change refreshes the missions, the clients (evaluation date, finalised) and the library. */
export function useMissionMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "missions", "clients", "documents"),
  });
}
