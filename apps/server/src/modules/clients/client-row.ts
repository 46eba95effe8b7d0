import { type SQL, sql } from "drizzle-orm";
import { clients, contacts, gestionnaires, legalEntities } from "../../db/schema/index.js";
import { contactJson } from "../../lib/contact-summary.js";
import { isoTimestamp, jsonObject, nonEmpty } from "../../lib/sql-json.js";

/**
 * A client list row (shared ClientRow) as JSON built by the database, from clients joined to their legal
 * entity, its gestionnaire and the main contact (client-list.repository.ts). The display texts are the
 * shared formatters' (formatContactDetails, formatPhone) through their SQL twins (migration
 * 0029_display_text); the route's response schema checks every row in the tests (plugins/json-text.ts).
 */
export const clientRowJson: SQL = jsonObject({
  id: clients.id,
  raisonSocial: clients.raisonSocial,
  finess: clients.finess,
  legalEntityId: clients.legalEntityId,
  legalEntityRaisonSocial: legalEntities.raisonSocial,
  postalCode: clients.postalCode,
  city: clients.city,
  departement: clients.departement,
  // "address, postal code city — FINESS n", the parts left out when empty: the postal code's tooltip.
  tooltip: sql`concat_ws(', ', ${nonEmpty(clients.address)}, ${nonEmpty(
    sql`concat_ws(' ', ${nonEmpty(clients.postalCode)}, ${nonEmpty(clients.city)})`,
  )}) || coalesce(' — FINESS ' || ${nonEmpty(clients.finess)}, '')`,
  // Derived columns kept by triggers (migration 0018): no per-row subquery.
  isMultiClient: sql`coalesce(${clients.isMultiClient}, false)`,
  isRegroupingClient: sql`${clients.regroupingStatus} is not null`,
  isGestionnaire: sql`${gestionnaires.id} is not null`,
  gestionnaireId: gestionnaires.id,
  gestionnaireRaisonSocial: gestionnaires.raisonSocial,
  contact: contactJson.summary,
  contactName: sql`concat_ws(' ', ${nonEmpty(contacts.firstName)}, ${nonEmpty(contacts.lastName)})`,
  contactDetails: contactJson.details,
  evaluationDate: clients.evaluationDate,
  evaluationFinishedAt: clients.evaluationFinishedAt,
  dateRelance: clients.dateRelance,
  status: clients.latestContractStatus,
  contractId: clients.latestContractId,
  createdAt: isoTimestamp(clients.createdAt),
  clientSince: isoTimestamp(clients.clientSince),
});
