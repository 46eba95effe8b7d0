import { type ClientRow, type ContractStatus, formatContactDetails } from "@certidesk/shared";
import type { ClientListRow } from "./client-list.repository.js";

/** The address line shown as the postal code's tooltip. */
export function addressTooltip(c: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  finess?: string | null;
}) {
  const place = [c.address, [c.postalCode, c.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return c.finess ? `${place} — FINESS ${c.finess}` : place;
}

export function toClientRow(r: ClientListRow): ClientRow {
  const c = r.client;
  const contact = r.contact;
  return {
    id: c.id,
    raisonSocial: c.raisonSocial,
    finess: c.finess,
    legalEntityId: c.legalEntityId,
    legalEntityRaisonSocial: r.legalEntityRaisonSocial,
    postalCode: c.postalCode,
    city: c.city,
    departement: c.departement,
    tooltip: addressTooltip(c),
    isMultiClient: Boolean(r.isMultiClient),
    isRegroupingClient: c.regroupingStatus !== null,
    isGestionnaire: r.gestionnaireId !== null,
    gestionnaireId: r.gestionnaireId,
    gestionnaireRaisonSocial: r.gestionnaireRaisonSocial,
    contact,
    contactName: contact ? [contact.firstName, contact.lastName].filter(Boolean).join(" ") : "",
    contactDetails: formatContactDetails(contact),
    evaluationDate: c.evaluationDate,
    evaluationFinishedAt: c.evaluationFinishedAt,
    dateRelance: c.dateRelance,
    status: (r.status as ContractStatus | null) ?? null,
    contractId: r.contractId,
    createdAt: c.createdAt.toISOString(),
    clientSince: c.clientSince?.toISOString() ?? null,
  };
}
