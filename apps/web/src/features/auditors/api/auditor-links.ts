import type { AuditorLink, LinkBody, OrganisationType } from "@certidesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";

const key = (id: string) => ["auditors", id, "links"];
export const useAuditorLinks = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: () => api.get<AuditorLink[]>(`/api/auditors/${id}/links`) });

export function useDeclareLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkBody) => api.post<AuditorLink>(`/api/auditors/${id}/links`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(id) }),
  });
}

export function useEndLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, endDate }: { linkId: string; endDate: string }) =>
      api.post<AuditorLink>(`/api/auditors/${id}/links/${linkId}/end`, { endDate }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(id) }),
  });
}

export const useOrganisationOptions = (type: OrganisationType, search: string) =>
  useQuery({
    queryKey: ["auditors", "organisation-options", type, search],
    queryFn: () =>
      api.get<Array<{ value: string; label: string }>>(
        `/api/auditors/organisation-options${toQuery({ type, search: search || undefined })}`,
      ),
  });
