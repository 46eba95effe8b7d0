import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getCalendarLink = (auditorId: string) =>
  api.get<{ url: string }>(`/api/auditors/${auditorId}/calendar-link`);
export const calendarLinkQueryOptions = (auditorId: string) =>
  queryOptions({ queryKey: auditorKeys.calendarLink(auditorId), queryFn: () => getCalendarLink(auditorId) });
export const useCalendarLink = (auditorId: string) => useQuery(calendarLinkQueryOptions(auditorId));

export const renewCalendarLink = (auditorId: string) =>
  api.post<{ url: string }>(`/api/auditors/${auditorId}/calendar-link/renew`);
/** A new private link; the previous one stops working at once. */
export function useRenewCalendarLink(auditorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => renewCalendarLink(auditorId),
    onSuccess: (link) => client.setQueryData(auditorKeys.calendarLink(auditorId), link),
  });
}
