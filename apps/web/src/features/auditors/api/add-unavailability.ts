import type { UnavailabilityBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const addUnavailability = (id: string, body: UnavailabilityBody) =>
  api.post(`/api/auditors/${id}/unavailability`, body);
export function useAddUnavailability(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UnavailabilityBody) => addUnavailability(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.availabilities(id) }),
  });
}
