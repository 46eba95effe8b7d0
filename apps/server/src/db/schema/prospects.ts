import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { foldedSql } from "../../lib/search-text.js";
import { timestamps, versionColumn } from "./columns.js";
import { contacts, legalEntities } from "./commercial.js";
import { documents } from "./documents.js";
import { clients } from "./parties.js";
import { users } from "./platform.js";

/** A training organisation's data on its certification request (shared TrainingOrganisation, validated there). */
export interface TrainingOrganisationData {
  trainers: Array<{ name: string; speciality: string; status: "EMPLOYEE" | "FREELANCE" | "SUBCONTRACTOR" }>;
  trainees: { perYear: number; hoursPerYear: number };
  hardware: Array<{ label: string; quantity: number }>;
  premises: Array<{ address: string; accessible: boolean }>;
}

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
    /** A certification request's training-organisation data (trainers, trainees, hardware, premises). */
    trainingOrganisation: jsonb("training_organisation").$type<TrainingOrganisationData>(),
    refusalReason: text("refusal_reason"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    dateRelance: date("date_relance"),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
    // What the prospect list shows, sorts and searches, derived from the establishments, the legal entity
    // and the contact by triggers in the statement that changes them (migration `lists_at_scale`): the
    // list read them by subqueries per row (the establishment count, the first establishment three times).
    /** How many establishments the request is for. */
    establishmentCount: integer("establishment_count").notNull().default(0),
    /** The first establishment by name: its postal code and city. */
    firstPostalCode: text("first_postal_code"),
    firstCity: text("first_city"),
    /**
     * The establishments in name order, as the list's row shows them: the JSON array of { id, raisonSocial },
     * stored as JSON text that the row's JSON embeds as is, and the name's tooltip, a line each
     * ("name — postal code city"). Per row, their two ordered aggregates were half the page's SQL.
     */
    establishmentsJson: json("establishments_json").notNull().default(sql`'[]'::json`),
    establishmentsTooltip: text("establishments_tooltip").notNull().default(""),
    /**
     * Derived: the request's row of the prospect lists (shared ProspectRow) as JSON text, with its entity,
     * gestionnaire, contact, latest quote and current contract, kept by the database (migration
     * 0037_prospect_list_row: a row trigger on request_clients, statement triggers on the other tables).
     */
    listRow: text("list_row"),
    /** One establishment: its name; none or several: the legal entity's. */
    displayName: text("display_name").notNull().default(""),
    /** The contact's first and last names ("" without a contact). */
    contactName: text("contact_name").notNull().default(""),
    /** The list's name and contact sort keys, folded and lower-cased, stored (as the client list's, 0030_list_sort_keys). */
    listNameKey: text("list_name_key").generatedAlwaysAs(
      (): SQL => sql`lower(${foldedSql(sql.raw(`"display_name"`))})`,
    ),
    listContactKey: text("list_contact_key").generatedAlwaysAs(
      (): SQL => sql`lower(${foldedSql(sql.raw(`"contact_name"`))})`,
    ),
    /** Reference, legal entity, contact and each establishment's name, city, FINESS and postal code (matchEveryWordIn). */
    searchText: text("search_text").notNull().default(""),
    /**
     * The list's tab: OPEN (en cours), REFUSE, SIGNED or ARCHIVE. The first column of each sort index, so that
     * a tab's page is a walk of its own rows: the oldest requests are mostly signed, and a walk of every
     * request from the oldest skipped 14,000 of them before finding the first 50 open ones.
     */
    listTab: text("list_tab").generatedAlwaysAs(
      (): SQL =>
        sql`case when "archived_at" is not null then 'ARCHIVE' when "status" in ('SIGNED', 'REFUSE') then "status" else 'OPEN' end`,
    ),
  },
  (t) => [
    uniqueIndex("request_clients_reference_key").on(t.reference),
    index("request_clients_status_idx").on(t.status, t.archivedAt),
    index("request_clients_legal_entity_idx").on(t.legalEntityId),
    index("request_clients_contact_idx").on(t.contactId),
    // The prospect list's sorts (prospects.repository.ts) in each tab, ties by reference descending: each a
    // walk of one index. Two per key when the key has few values or nulls, one for each direction.
    // The default order's index also carries the id and the search text (INCLUDE, which drizzle cannot declare:
    // migration 0055): a searched page walks it alone, never the requests' rows.
    index("request_clients_list_received_idx").on(t.listTab, t.receivedAt, t.reference),
    index("request_clients_list_reference_idx").on(t.listTab, t.reference),
    index("request_clients_list_name_key_idx").on(t.listTab, t.listNameKey, t.reference),
    index("request_clients_list_contact_key_idx").on(t.listTab, t.listContactKey, t.reference),
    index("request_clients_list_postal_asc_idx").on(
      t.listTab,
      t.firstPostalCode.asc().nullsLast(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_list_postal_desc_idx").on(
      t.listTab,
      t.firstPostalCode.desc().nullsLast(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_list_service_asc_idx").on(t.listTab, t.service.asc(), t.reference.desc().nullsFirst()),
    index("request_clients_list_service_desc_idx").on(
      t.listTab,
      t.service.desc().nullsFirst(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_list_status_asc_idx").on(t.listTab, t.status.asc(), t.reference.desc().nullsFirst()),
    index("request_clients_list_status_desc_idx").on(
      t.listTab,
      t.status.desc().nullsFirst(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_list_relance_asc_idx").on(
      t.listTab,
      t.dateRelance.asc().nullsLast(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_list_relance_desc_idx").on(
      t.listTab,
      t.dateRelance.desc().nullsLast(),
      t.reference.desc().nullsFirst(),
    ),
    index("request_clients_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * How many requests each tab of the prospect list holds (list_tab), kept by triggers on request_clients in the
 * statement that writes them (migration `lists_at_scale`): the list's total without counting 20,000 rows.
 * Derived: restored as saved, with the triggers off (db/backup/dump-database.ts).
 */
export const requestTabCounts = pgTable("request_tab_counts", {
  listTab: text("list_tab").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull(),
});

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
