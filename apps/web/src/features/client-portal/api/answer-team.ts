import type { ClientTeamAnswerBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { invalidateDomains } from "../../../lib/query-keys";
import { portalKeys } from "./keys";

export const answerTeam = (missionId: string, body: ClientTeamAnswerBody) =>
  api.post<{ ok: true }>(`/api/missions/${missionId}/team/client-answer`, body);

/** The ESSMS accepts the proposed team, or objects to it with a reason. */
export function useAnswerTeam(missionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientTeamAnswerBody) => answerTeam(missionId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: portalKeys.missions() });
      void invalidateDomains(client, "missions");
    },
  });
}
