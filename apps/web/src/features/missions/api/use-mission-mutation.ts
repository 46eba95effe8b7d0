import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** A mission change refreshes missions, clients (evaluation date, finalised), the timeline, the evaluators' loads, the mails and the library. */
export function useMissionMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "missions", "clients", "timeline", "auditors", "mails", "documents"),
  });
}
