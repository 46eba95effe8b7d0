import type { AuditorLink, LinkBody } from "@certidesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const declareLink = (id: string, body: LinkBody) => api.post<AuditorLink>(`/api/auditors/${id}/links`, body);
export function useDeclareLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkBody) => declareLink(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: auditorKeys.links(id) }),
  });
}
