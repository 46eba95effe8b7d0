import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** Every request change refreshes prospects, clients (a request names establishments) and timelines. */
export function useProspectMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "prospects", "clients", "timeline"),
  });
}
