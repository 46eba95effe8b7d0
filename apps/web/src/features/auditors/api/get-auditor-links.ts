import type { AuditorLink } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getAuditorLinks = (id: string) => api.get<AuditorLink[]>(`/api/auditors/${id}/links`);
export const useAuditorLinks = (id: string) =>
  useQuery({ queryKey: auditorKeys.links(id), queryFn: () => getAuditorLinks(id) });
