import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const removeFareClass = (id: string) => api.delete(`/api/fare-classes/${id}`);
export function useRemoveFareClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFareClass,
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.fareClasses() }),
  });
}
