import type { Availability, UnavailabilityBody } from "@certidesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";

export const useAvailability = (id: string, from: string, to: string) =>
  useQuery({
    queryKey: ["auditors", id, "availability", from, to],
    queryFn: () => api.get<Availability>(`/api/auditors/${id}/availability${toQuery({ from, to })}`),
    placeholderData: keepPreviousData,
  });

export function useAddUnavailability(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UnavailabilityBody) => api.post(`/api/auditors/${id}/unavailability`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["auditors", id, "availability"] }),
  });
}

export function useRemoveUnavailability(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (periodId: string) => api.delete(`/api/auditors/${id}/unavailability/${periodId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["auditors", id, "availability"] }),
  });
}
