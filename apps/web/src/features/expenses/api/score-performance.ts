import type { MissionPerformance, PerformanceBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { expenseKeys } from "./keys";

export const scorePerformance = (missionId: string, body: PerformanceBody) =>
  api.put<MissionPerformance>(`/api/missions/${missionId}/performance`, body);
export function useScorePerformance(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PerformanceBody) => scorePerformance(missionId, body),
    onSuccess: (saved) => {
      client.setQueryData(expenseKeys.performance(missionId), saved);
      void client.invalidateQueries({ queryKey: expenseKeys.all });
    },
  });
}
