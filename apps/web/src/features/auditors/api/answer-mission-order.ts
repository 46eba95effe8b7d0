import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { auditorKeys } from "./keys";

export const acceptMissionOrder = (orderId: string, justification?: string) =>
  api.post<unknown>(`/api/mission-orders/${orderId}/accept`, justification ? { justification } : undefined);
export const refuseMissionOrder = (orderId: string, reason: string) =>
  api.post<unknown>(`/api/mission-orders/${orderId}/refuse`, { reason });

/** The evaluator accepts or refuses (with a reason) a mission order from their space. */
export function useAnswerMissionOrder(auditorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      a:
        | { orderId: string; answer: "ACCEPT"; justification?: string }
        | { orderId: string; answer: "REFUSE"; reason: string },
    ) =>
      a.answer === "ACCEPT" ? acceptMissionOrder(a.orderId, a.justification) : refuseMissionOrder(a.orderId, a.reason),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: auditorKeys.detail(auditorId) });
      void invalidateDomains(client, "missions");
    },
  });
}
