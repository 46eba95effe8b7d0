import type { MissionSatisfaction } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { expenseKeys } from "./keys";

/** The spec's sendSatisfactionToAuditor. */
export const sendSatisfactionToAuditor = (missionId: string) =>
  api.post<MissionSatisfaction>(`/api/missions/${missionId}/satisfaction/send-to-auditor`);
export function useSendSatisfactionToAuditor(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendSatisfactionToAuditor(missionId),
    onSuccess: (saved) => {
      client.setQueryData(expenseKeys.satisfaction(missionId), saved);
      void invalidateDomains(client, "mails");
    },
  });
}
