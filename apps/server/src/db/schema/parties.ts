import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { foldedSql, searchTextSql } from "../../lib/search-text.js";
import { legalEntities } from "./commercial.js";

/**
 * The parties users are linked to. A client row is one ESSMS (establishment or service) of a legal
 * entity: a prospect's establishment until a contract is signed (client_since), then a client.
 */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raisonSocial: text("raison_social").notNull(),
    siret: text("siret"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    email: text("email"),
    phone: text("phone"),
    legalEntityId: uuid("legal_entity_id").references(() => legalEntities.id),
    finess: text("finess"),
    departement: text("departement"),
    typologySector: text("typology_sector"),
    typologyType: text("typology_type"),
    category: text("category"),
    sectorDomains: jsonb("sector_domains").$type<string[]>().notNull().default([]),
    publicKeyTypes: jsonb("public_key_types").$type<string[]>().notNull().default([]),
    capacity: integer("capacity"),
    atc: text("atc"),
    /** Where its invoices are mailed; empty: the legal entity's e-mail, else the establishment's own. */
    billingEmail: text("billing_email"),
    /** Public buyers invoiced through Chorus Pro: the SIRET billed, its service code, the engagement number. */
    chorusBuyerSiret: text("chorus_buyer_siret"),
    chorusServiceCode: text("chorus_service_code"),
    chorusEngagementNumber: text("chorus_engagement_number"),
    /** Grouped evaluation (badge G): the regrouping status 1–3 of its current programme. */
    regroupingStatus: smallint("regrouping_status"),
    /** First visit day of the current evaluation; null: "à programmer". */
    evaluationDate: date("evaluation_date"),
    /** Final report sent: the evaluation is finalised. */
    evaluationFinishedAt: date("evaluation_finished_at"),
    dateRelance: date("date_relance"),
    clientSince: timestamp("client_since", { withTimezone: true }),
    /**
     * Derived, for the client list (read, sorted, never written by the application): the latest contract
     * of the establishment and its status, and whether its legal entity has other establishments. Kept
     * by triggers (migration 0018_list_performance) in the same statement as the writes that change them: contracts,
     * contract_establishments and the clients' legal entity.
     */
    latestContractId: uuid("latest_contract_id"),
    latestContractStatus: text("latest_contract_status"),
    isMultiClient: boolean("is_multi_client").notNull().default(false),
    /**
     * Derived, for the client list's search and its sorts on joined names (never written by the
     * application), kept by triggers (the client_search migration) in the same statement as the writes
     * to their sources: clients, legal_entities, gestionnaires, contacts. `search_text`: the searched
     * fields, folded and lower-cased, separated by spaces (a search word never holds a space, so it
     * cannot match across two fields); `list_contact_name`: the main contact's folded name, '' without
     * one; `list_gestionnaire_name`: the gestionnaire's folded name, null without one. Nullable only so
     * that a backup of the first format (without them) restores: its rows come back with the triggers on.
     */
    searchText: text("search_text"),
    listContactName: text("list_contact_name"),
    listGestionnaireName: text("list_gestionnaire_name"),
    /**
     * The list's name and city sort keys, folded and lower-cased as the list sorts them, stored: a page
     * reads them from the row instead of folding every name it walks and sorts again (the fold of one
     * name cost 10 µs, a third of the default page's SQL; migration 0030_list_sort_keys).
     */
    listNameKey: text("list_name_key").generatedAlwaysAs(
      (): SQL => sql`lower(${foldedSql(sql.raw(`"raison_social"`))})`,
    ),
    listCityKey: text("list_city_key").generatedAlwaysAs((): SQL => sql`lower(${foldedSql(sql.raw(`"city"`))})`),
    /**
     * Derived: the establishment's row of the client list (shared ClientRow) as JSON text, with its legal
     * entity's and gestionnaire's names and its main contact, kept by the database (migration
     * 0035_client_list_row: a row trigger on clients, and the client_search triggers for the other tables).
     * A page concatenates fifty of them instead of joining three tables and building fifty objects.
     */
    listRow: text("list_row"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clients_legal_entity_idx").on(t.legalEntityId),
    index("clients_evaluation_idx").on(t.evaluationDate),
    uniqueIndex("clients_finess_key").on(t.finess).where(sql`${t.finess} is not null`),
    // In migration 0046_client_head_index only (INCLUDE, which drizzle cannot declare): clients_head_idx,
    // (id) with the name and the postal code, the head of an alert's row read from the index alone.
    //
    // The client list's default sort (name, folded as the list folds it) and its "newest" sort, for
    // the clients only (the prospects' establishments are not listed there): a page is an index walk.
    // The name's index also carries the search text (INCLUDE, which drizzle cannot declare: migration
    // 0045_client_name_index_covers_search): a searched page in the default order walks the index alone,
    // without reading the row of every establishment it passes over.
    index("clients_list_name_key_idx").on(t.listNameKey, t.id).where(sql`${t.clientSince} is not null`),
    index("clients_list_created_idx").on(t.createdAt, t.id).where(sql`${t.clientSince} is not null`),
    // The other sorts read the page from an index too: both directions, as the list orders them
    // ("<key> asc|desc nulls last, id"): a backward scan would give nulls first and ids descending.
    index("clients_list_city_key_idx").on(t.listCityKey, t.id).where(sql`${t.clientSince} is not null`),
    index("clients_list_city_key_desc_idx")
      .on(t.listCityKey.desc().nullsLast(), t.id)
      .where(sql`${t.clientSince} is not null`),
    index("clients_list_contact_idx").on(t.listContactName, t.id).where(sql`${t.clientSince} is not null`),
    index("clients_list_contact_desc_idx")
      .on(t.listContactName.desc().nullsLast(), t.id)
      .where(sql`${t.clientSince} is not null`),
    index("clients_list_gestionnaire_idx").on(t.listGestionnaireName, t.id).where(sql`${t.clientSince} is not null`),
    index("clients_list_gestionnaire_desc_idx")
      .on(t.listGestionnaireName.desc().nullsLast(), t.id)
      .where(sql`${t.clientSince} is not null`),
    // The remaining sort keys, the same way (each page of 50 was a sort of every client).
    ...(["postalCode", "evaluationDate", "dateRelance", "latestContractStatus"] as const).flatMap((key) => {
      const name = `clients_list_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
      return [
        index(`${name}_idx`).on(t[key], t.id).where(sql`${t.clientSince} is not null`),
        index(`${name}_desc_idx`).on(t[key].desc().nullsLast(), t.id).where(sql`${t.clientSince} is not null`),
      ];
    }),
    // The filters' totals (count of the clients whose evaluation is open, by date, or finished): read from
    // these small indexes alone instead of the table (10 ms on the scale base, more than the page).
    index("clients_list_open_evaluation_idx")
      .on(t.evaluationDate)
      .where(sql`${t.clientSince} is not null and ${t.evaluationFinishedAt} is null`),
    index("clients_list_finished_idx")
      .on(t.evaluationFinishedAt)
      .where(sql`${t.clientSince} is not null and ${t.evaluationFinishedAt} is not null`),
    // The search: one LIKE '%word%' per word on search_text, served by trigrams (pg_trgm). Not partial:
    // the prospects' establishments have their search text too.
    index("clients_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** Fare classes for evaluators' travel (Settings list; the spec's fareClass _id / fareClassName). */
export const fareClasses = pgTable("fare_classes", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
  version: integer("version").notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An evaluator's file: identity, competences, zones, conditions (documents and links elsewhere). */
export const auditors = pgTable(
  "auditors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    civility: text("civility"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    mobilePhone: text("mobile_phone"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    departement: text("departement"),
    status: text("status").notNull().default("SALARIE"),
    siret: text("siret"),
    active: boolean("active").notNull().default(true),
    sectorDomains: jsonb("sector_domains").$type<string[]>().notNull().default([]),
    publicTypes: jsonb("public_types").$type<string[]>().notNull().default([]),
    referentielTrainingDate: date("referentiel_training_date"),
    roles: jsonb("roles").$type<string[]>().notNull().default(["EVALUATOR"]),
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    /** Départements covered. */
    zones: jsonb("zones").$type<string[]>().notNull().default([]),
    maxMissionsPerMonth: smallint("max_missions_per_month"),
    dailyFee: numeric("daily_fee", { precision: 10, scale: 2, mode: "number" }),
    fareClassId: uuid("fare_class_id").references(() => fareClasses.id, { onDelete: "set null" }),
    comment: text("comment"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the global search reads (modules/search): first and last name, city and e-mail, folded and lowered,
     * computed once per row (migration 0073_global_search) instead of folding every evaluator at each search.
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        searchTextSql([
          sql.raw(`"first_name"`),
          sql.raw(`"last_name"`),
          sql.raw(`coalesce("city", '')`),
          sql.raw(`coalesce("email", '')`),
        ]),
    ),
  },
  (t) => [
    index("auditors_name_idx").on(t.lastName, t.firstName),
    index("auditors_departement_idx").on(t.departement),
    index("auditors_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);
