import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDomains } from "../../../lib/query-keys";

/** `{ ok: true }`: what every alert action answers. */
export interface AlertActionResult {
  ok: true;
}

/**
 * An action on an alert: once stored, every alert list and count is refetched (the row leaves or
 * comes back, the tab's count follows) and so is "Mes dernières actions".
 */
export function useAlertMutation<Vars>(mutationFn: (vars: Vars) => Promise<AlertActionResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateDomains(client, "alerts", "audit-log"),
  });
}
