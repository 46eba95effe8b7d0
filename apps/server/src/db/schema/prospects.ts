import { date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { contacts, legalEntities } from "./commercial.js";
import { documents } from "./documents.js";
import { clients } from "./parties.js";
import { users } from "./platform.js";

/**
 * A request (demande) from a legal entity for one or more of its establishments: the prospect.
 * Status per REQUEST_STATUSES; archiving is separate (archived_at) and can be undone.
 */
export const requestClients = pgTable(
  "request_clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull(),
    legalEntityId: uuid("legal_entity_id")
      .notNull()
      .references(() => legalEntities.id),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    service: text("service").notNull(),
    source: text("source").notNull(),
    status: text("status").notNull().default("NEW"),
    receivedAt: date("received_at").notNull(),
    wishedPeriod: text("wished_period"),
    notes: text("notes"),
    refusalReason: text("refusal_reason"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    dateRelance: date("date_relance"),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("request_clients_reference_key").on(t.reference),
    index("request_clients_status_idx").on(t.status, t.archivedAt),
    index("request_clients_legal_entity_idx").on(t.legalEntityId),
  ],
);

/** The establishments a request is for. */
export const requestEstablishments = pgTable(
  "request_establishments",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requestClients.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.clientId] }),
    index("request_establishments_client_idx").on(t.clientId),
  ],
);

/** Recevability review of a certification request: checklist, documents, decision with its reason. */
export const recevabilityReviews = pgTable("recevability_reviews", {
  requestId: uuid("request_id")
    .primaryKey()
    .references(() => requestClients.id, { onDelete: "cascade" }),
  checklist: jsonb("checklist").$type<Array<{ code: string; label: string; checked: boolean }>>().notNull(),
  decision: text("decision").notNull().default("PENDING"),
  reason: text("reason"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decidedBy: text("decided_by"),
  version: versionColumn(),
  ...timestamps,
});

export const recevabilityDocuments = pgTable(
  "recevability_documents",
  {
    requestId: uuid("request_id")
      .notNull()
      .references(() => requestClients.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.documentId] })],
);
