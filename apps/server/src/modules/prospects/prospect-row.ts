import type { ProspectRow } from "@certidesk/shared";
import { and, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { type PgSelect, QueryBuilder } from "drizzle-orm/pg-core";
import { contacts, contracts, gestionnaires, legalEntities, quotes, requestClients } from "../../db/schema/index.js";
import { contactJson } from "../../lib/contact-summary.js";
import { isoTimestamp, jsonObject } from "../../lib/sql-json.js";

// Subqueries of a row, correlated to request_clients: built without a database (they only become SQL).
const qb = new QueryBuilder();

/** What a row and the detail show of a quote (shared quoteSummarySchema). */
export const quoteSummaryColumns = {
  id: quotes.id,
  number: quotes.number,
  revision: quotes.revision,
  status: quotes.status,
  totalTTC: quotes.totalTTC,
};

/** The request's latest quote: one index lookup per row of the page. */
const latestQuote = qb
  .select(quoteSummaryColumns)
  .from(quotes)
  .where(eq(quotes.requestId, requestClients.id))
  .orderBy(desc(quotes.createdAt), desc(quotes.revision))
  .limit(1)
  .as("latest_quote");

/** Its current contract (not cancelled). */
const currentContract = qb
  .select({ id: contracts.id })
  .from(contracts)
  .where(and(eq(contracts.requestId, requestClients.id), ne(contracts.status, "CANCELLED")))
  .orderBy(desc(contracts.createdAt))
  .limit(1)
  .as("current_contract");

/** A query on request_clients joined to what its rows show (`prospectRowJson`). */
export const prospectRowsOf = <Query extends PgSelect>(query: Query) =>
  query
    .innerJoin(legalEntities, eq(legalEntities.id, requestClients.legalEntityId))
    .leftJoin(gestionnaires, eq(gestionnaires.id, legalEntities.gestionnaireId))
    .leftJoin(contacts, eq(contacts.id, requestClients.contactId))
    .leftJoinLateral(latestQuote, sql`true`)
    .leftJoinLateral(currentContract, sql`true`);

/**
 * A prospect list row (shared ProspectRow) as JSON built by the database (lib/sql-json.ts), on a query of
 * `prospectRowsOf`. The name, establishments, their tooltip, first establishment's place and establishment count
 * are derived columns kept by triggers (migrations `lists_at_scale`, `prospect_establishment_texts`); the contact's texts are the shared formatters' SQL twins.
 */
export const prospectRowJson: SQL<ProspectRow> = jsonObject({
  id: requestClients.id,
  reference: requestClients.reference,
  raisonSocial: sql`coalesce(${requestClients.displayName}, ${legalEntities.raisonSocial})`,
  legalEntityId: requestClients.legalEntityId,
  legalEntityRaisonSocial: legalEntities.raisonSocial,
  establishments: requestClients.establishmentsJson,
  postalCode: requestClients.firstPostalCode,
  city: requestClients.firstCity,
  tooltip: requestClients.establishmentsTooltip,
  isMultiClient: sql`coalesce(${requestClients.establishmentCount} > 1, false)`,
  isGestionnaire: sql`${gestionnaires.raisonSocial} is not null`,
  gestionnaireRaisonSocial: gestionnaires.raisonSocial,
  contact: contactJson.summary,
  contactName: contactJson.name,
  contactDetails: contactJson.details,
  service: requestClients.service,
  source: requestClients.source,
  status: requestClients.status,
  refusalReason: requestClients.refusalReason,
  quote: sql`case when ${latestQuote.id} is null then null else ${jsonObject({
    id: latestQuote.id,
    number: latestQuote.number,
    revision: latestQuote.revision,
    status: latestQuote.status,
    totalTTC: latestQuote.totalTTC,
  })} end`,
  contractId: currentContract.id,
  dateRelance: requestClients.dateRelance,
  createdAt: requestClients.receivedAt,
  archivedAt: isoTimestamp(requestClients.archivedAt),
  version: requestClients.version,
}) as SQL<ProspectRow>;
