import {
  formatContactDetails,
  type ProspectRow,
  type QuoteStatus,
  type RequestService,
  type RequestSource,
  type RequestStatus,
} from "@certidesk/shared";
import type { ProspectJoinedRow, RowExtras } from "./prospects.repository.js";

export function toProspectRow(r: ProspectJoinedRow, extras: RowExtras): ProspectRow {
  const req = r.request;
  const establishments = extras.establishments.filter((e) => e.requestId === req.id);
  const quote = extras.quotes.find((q) => q.requestId === req.id) ?? null;
  const contract = extras.contracts.find((c) => c.requestId === req.id) ?? null;
  const contact = r.contact;
  const tooltip = establishments
    .map((e) => `${e.raisonSocial} — ${[e.postalCode, e.city].filter(Boolean).join(" ")}`)
    .join("\n");
  return {
    id: req.id,
    reference: req.reference,
    raisonSocial: r.displayName ?? r.legalEntityRaisonSocial,
    legalEntityId: req.legalEntityId,
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
    service: req.service as RequestService,
    source: req.source as RequestSource,
    status: req.status as RequestStatus,
    refusalReason: req.refusalReason,
    quote: quote
      ? {
          id: quote.id,
          number: quote.number,
          revision: quote.revision,
          status: quote.status as QuoteStatus,
          totalTTC: quote.totalTTC,
        }
      : null,
    contractId: contract?.id ?? null,
    dateRelance: req.dateRelance,
    createdAt: req.receivedAt,
    archivedAt: req.archivedAt?.toISOString() ?? null,
    version: req.version,
  };
}
