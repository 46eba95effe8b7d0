import type { AuditorDocuments } from "@certidesk/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export const getAuditorDocuments = (id: string) => api.get<AuditorDocuments>(`/api/auditors/${id}/documents`);
export const useAuditorDocuments = (id: string) =>
  useQuery({ queryKey: auditorKeys.documents(id), queryFn: () => getAuditorDocuments(id) });
