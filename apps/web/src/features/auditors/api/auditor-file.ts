import type { Auditor, AuditorBody, AuditorMission } from "@certidesk/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type AuditorFile = Auditor & { abilities: { update: boolean; updateStaffFields: boolean; declare: boolean } };

export const getAuditor = (id: string) => api.get<AuditorFile>(`/api/auditors/${id}`);
export const auditorQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["auditors", id], queryFn: () => getAuditor(id) });
export const useAuditor = (id: string) => useQuery(auditorQueryOptions(id));

export const createAuditor = (body: AuditorBody) => api.post<AuditorFile>("/api/auditors", body);
export function useCreateAuditor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAuditor,
    onSuccess: () => void client.invalidateQueries({ queryKey: ["auditors", "list"] }),
  });
}

export const updateAuditor = (id: string, body: AuditorBody & { version: number }) =>
  api.put<AuditorFile>(`/api/auditors/${id}`, body);
export function useUpdateAuditor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditorBody & { version: number }) => updateAuditor(id, body),
    onSuccess: (saved) => {
      client.setQueryData(auditorQueryOptions(id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ["auditors", "list"] });
    },
  });
}

/** The file as the PUT body: every field, so a tab changes only its own. */
export const auditorBody = (a: Auditor): AuditorBody => ({
  civility: (a.civility as "M." | "Mme" | null) ?? null,
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email ?? "",
  phone: a.phone ?? "",
  mobilePhone: a.mobilePhone ?? "",
  address: a.address ?? "",
  postalCode: a.postalCode ?? "",
  city: a.city ?? "",
  status: a.status,
  siret: a.siret ?? "",
  active: a.active,
  sectorDomains: a.sectorDomains as AuditorBody["sectorDomains"],
  publicTypes: a.publicTypes as AuditorBody["publicTypes"],
  referentielTrainingDate: a.referentielTrainingDate,
  roles: a.roles as AuditorBody["roles"],
  languages: a.languages,
  zones: a.zones,
  maxMissionsPerMonth: a.maxMissionsPerMonth,
  dailyFee: a.dailyFee,
  fareClassId: a.fareClassId,
  comment: a.comment ?? "",
});

export const useAuditorMissions = (id: string) =>
  useQuery({
    queryKey: ["auditors", id, "missions"],
    queryFn: () => api.get<AuditorMission[]>(`/api/auditors/${id}/missions`),
  });
