import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const removeUnavailability = (id: string, periodId: string) =>
  api.delete(`/api/auditors/${id}/unavailability/${periodId}`);
export function useRemoveUnavailability(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (periodId: string) => removeUnavailability(id, periodId),
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.availabilities(id) }),
  });
}
