import type { FareClass, FareClassBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

/** Creates a fare class, or updates it when `id` is given. */
export const saveFareClass = ({ id, body }: { id?: string; body: FareClassBody }) =>
  id ? api.put<FareClass>(`/api/fare-classes/${id}`, body) : api.post<FareClass>("/api/fare-classes", body);
export function useSaveFareClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFareClass,
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.fareClasses() }),
  });
}
