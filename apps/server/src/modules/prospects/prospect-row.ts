import {
  formatContactDetails,
  type ProspectRow,
  type QuoteStatus,
  type RequestService,
  type RequestSource,
  type RequestStatus,
} from "@certidesk/shared";
import type { ProspectListedRow } from "./prospects.repository.js";

export function toProspectRow(r: ProspectListedRow): ProspectRow {
  const establishments = r.establishments ?? [];
  const contact = r.contact;
  const tooltip = establishments
    .map((e) => `${e.raisonSocial} — ${[e.postalCode, e.city].filter(Boolean).join(" ")}`)
    .join("\n");
  return {
    id: r.id,
    reference: r.reference,
    raisonSocial: r.displayName ?? r.legalEntityRaisonSocial,
    legalEntityId: r.legalEntityId,
    legalEntityRaisonSocial: r.legalEntityRaisonSocial,
    establishments: establishments.map((e) => ({ id: e.id, raisonSocial: e.raisonSocial })),
    postalCode: r.postalCode,
    city: r.city,
    tooltip,
    isMultiClient: Number(r.establishmentCount) > 1,
    isGestionnaire: r.gestionnaireRaisonSocial !== null,
    gestionnaireRaisonSocial: r.gestionnaireRaisonSocial,
    contact,
    contactName: contact ? `${contact.firstName} ${contact.lastName}` : "",
    contactDetails: formatContactDetails(contact),
    service: r.service as RequestService,
    source: r.source as RequestSource,
    status: r.status as RequestStatus,
    refusalReason: r.refusalReason,
    quote: r.quote ? { ...r.quote, status: r.quote.status as QuoteStatus } : null,
    contractId: r.contractId,
    dateRelance: r.dateRelance,
    createdAt: r.receivedAt,
    archivedAt: r.archivedAt?.toISOString() ?? null,
    version: r.version,
  };
}
