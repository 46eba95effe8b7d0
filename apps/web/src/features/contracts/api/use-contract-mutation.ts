import type { ContractDetail } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** A contract change refreshes contracts, prospects, clients and timelines (signing makes clients). */
export function useContractMutation<A>(fn: (args: A) => Promise<ContractDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateDomains(client, "contracts", "prospects", "clients", "timeline"),
  });
}
