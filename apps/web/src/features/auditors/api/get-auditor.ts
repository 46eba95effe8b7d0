import type { Auditor, AuditorBody } from "@certidesk/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditorKeys } from "./keys";

export type AuditorFile = Auditor & { abilities: { update: boolean; updateStaffFields: boolean; declare: boolean } };

export const getAuditor = (id: string) => api.get<AuditorFile>(`/api/auditors/${id}`);
export const auditorQueryOptions = (id: string) =>
  queryOptions({ queryKey: auditorKeys.detail(id), queryFn: () => getAuditor(id) });
export const useAuditor = (id: string) => useQuery(auditorQueryOptions(id));

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
