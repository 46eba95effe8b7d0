import type { Availability } from "@certidesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, toQuery } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getAvailability = (id: string, from: string, to: string) =>
  api.get<Availability>(`/api/auditors/${id}/availability${toQuery({ from, to })}`);
export const useAvailability = (id: string, from: string, to: string) =>
  useQuery({
    queryKey: auditorKeys.availability(id, from, to),
    queryFn: () => getAvailability(id, from, to),
    placeholderData: keepPreviousData,
  });
