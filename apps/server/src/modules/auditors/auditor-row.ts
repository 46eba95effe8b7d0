import type { Auditor, AuditorDocumentState, AuditorRow, AuditorStatus } from "@certidesk/shared";
import type { auditors } from "../../db/schema/index.js";

type Record = typeof auditors.$inferSelect;

export const auditorName = (a: Pick<Record, "firstName" | "lastName">) => `${a.firstName} ${a.lastName}`;

export function toAuditor(
  a: Record,
  extra: {
    fareClassName: string | null;
    user: { id: string; identifier: string; active: boolean } | null;
    documentState: string;
  },
): Auditor {
  return {
    id: a.id,
    civility: a.civility,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    mobilePhone: a.mobilePhone,
    address: a.address,
    postalCode: a.postalCode,
    city: a.city,
    departement: a.departement,
    status: a.status as AuditorStatus,
    siret: a.siret,
    active: a.active,
    sectorDomains: a.sectorDomains,
    publicTypes: a.publicTypes,
    referentielTrainingDate: a.referentielTrainingDate,
    roles: a.roles,
    languages: a.languages,
    zones: a.zones,
    maxMissionsPerMonth: a.maxMissionsPerMonth,
    dailyFee: a.dailyFee === null ? null : Number(a.dailyFee),
    fareClassId: a.fareClassId,
    fareClassName: extra.fareClassName,
    comment: a.comment,
    user: extra.user,
    documentState: extra.documentState as AuditorDocumentState,
    version: a.version,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function toAuditorRow(r: { auditor: Record; documentState: string; openLinks: number }): AuditorRow {
  const a = r.auditor;
  return {
    id: a.id,
    name: `${a.lastName} ${a.firstName}`,
    email: a.email,
    mobilePhone: a.mobilePhone ?? a.phone,
    postalCode: a.postalCode,
    city: a.city,
    departement: a.departement,
    status: a.status as AuditorStatus,
    active: a.active,
    sectorDomains: a.sectorDomains,
    zones: a.zones,
    roles: a.roles,
    documentState: r.documentState as AuditorDocumentState,
    openLinks: r.openLinks,
    updatedAt: a.updatedAt.toISOString(),
  };
}
