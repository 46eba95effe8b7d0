import type { MissionSatisfaction } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { expenseKeys } from "./keys";

export const sendSatisfaction = (missionId: string) =>
  api.post<MissionSatisfaction>(`/api/missions/${missionId}/satisfaction/send`);
export function useSendSatisfaction(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendSatisfaction(missionId),
    onSuccess: (saved) => {
      client.setQueryData(expenseKeys.satisfaction(missionId), saved);
      void invalidateDomains(client, "mails");
    },
  });
}
