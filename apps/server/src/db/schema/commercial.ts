import { type SQL, sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { foldedSql } from "../../lib/search-text.js";
import { timestamps, versionColumn } from "./columns.js";
import { clients } from "./parties.js";

/** Managing organisations (organismes gestionnaires): run several legal entities and their ESSMS. */
export const gestionnaires = pgTable(
  "gestionnaires",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raisonSocial: text("raison_social").notNull(),
    siren: text("siren"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    email: text("email"),
    phone: text("phone"),
    version: versionColumn(),
    ...timestamps,
    // The list's counts, kept by triggers on legal_entities and clients in the statement that changes them
    // (migration `lists_at_scale`): three counting subqueries per row before.
    legalEntityCount: integer("legal_entity_count").notNull().default(0),
    establishmentCount: integer("establishment_count").notNull().default(0),
    clientCount: integer("client_count").notNull().default(0),
    /** The list's default sort key, the name folded and lowered, stored (as the client list's, 0031_gestionnaire_sort_key). */
    listNameKey: text("list_name_key").generatedAlwaysAs(
      (): SQL => sql`lower(${foldedSql(sql.raw(`"raison_social"`))})`,
    ),
    /** What the list's search reads (matchEveryWordIn): name, city and SIREN, folded and lowered. */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${foldedSql(sql.raw(`"raison_social"`))} || ' ' || ${foldedSql(sql.raw(`coalesce("city", '')`))} || ' ' || coalesce("siren", ''))`,
    ),
  },
  (t) => [
    index("gestionnaires_name_idx").on(t.raisonSocial),
    // The list's default sort (gestionnaires.repository.ts), the name folded as the list folds it.
    index("gestionnaires_list_name_key_idx").on(t.listNameKey, t.id),
    index("gestionnaires_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** Legal entities (entités juridiques): the contracting party, owner of one or more ESSMS. */
export const legalEntities = pgTable(
  "legal_entities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raisonSocial: text("raison_social").notNull(),
    siren: text("siren"),
    siret: text("siret"),
    vatNumber: text("vat_number"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    email: text("email"),
    phone: text("phone"),
    gestionnaireId: uuid("gestionnaire_id").references(() => gestionnaires.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    index("legal_entities_gestionnaire_idx").on(t.gestionnaireId),
    uniqueIndex("legal_entities_siret_key").on(t.siret).where(sql`${t.siret} is not null`),
  ],
);

/** People to talk to, at an establishment, a legal entity or a managing organisation. */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    legalEntityId: uuid("legal_entity_id").references(() => legalEntities.id, { onDelete: "cascade" }),
    gestionnaireId: uuid("gestionnaire_id").references(() => gestionnaires.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    occupation: text("occupation"),
    tel: text("tel"),
    mobilePhone: text("mobile_phone"),
    email: text("email"),
    isMain: boolean("is_main").notNull().default(false),
    version: versionColumn(),
    ...timestamps,
    /**
     * What a search of people reads (the mail's recipient options): the name folded, and the address, both
     * lower-cased; served by trigrams. Folding every contact's name at each keystroke cost 100 ms at 10,000
     * contacts (docs/performance.md, 28 novembre, fin de matinée).
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        sql`lower(${foldedSql(sql.raw(`"first_name" || ' ' || "last_name"`))} || ' ' || coalesce("email", ''))`,
    ),
  },
  (t) => [
    index("contacts_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("contacts_client_idx").on(t.clientId),
    index("contacts_legal_entity_idx").on(t.legalEntityId),
    index("contacts_gestionnaire_idx").on(t.gestionnaireId),
    uniqueIndex("contacts_main_client_key").on(t.clientId).where(sql`${t.isMain} and ${t.clientId} is not null`),
  ],
);
