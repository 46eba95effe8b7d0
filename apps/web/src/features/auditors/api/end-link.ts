import type { AuditorLink } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const endLink = (id: string, linkId: string, endDate: string) =>
  api.post<AuditorLink>(`/api/auditors/${id}/links/${linkId}/end`, { endDate });
export function useEndLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, endDate }: { linkId: string; endDate: string }) => endLink(id, linkId, endDate),
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.links(id) }),
  });
}
