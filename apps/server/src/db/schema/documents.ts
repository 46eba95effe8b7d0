import { type SQL, sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { searchTextSql } from "../../lib/search-text.js";
import { timestamps, versionColumn } from "./columns.js";
import { auditors, clients } from "./parties.js";
import { users } from "./platform.js";

/** Main categories of the library, per family (Settings › Documents). */
export const documentCategories = pgTable("document_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  family: text("family").notNull(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
  version: versionColumn(),
  ...timestamps,
});

/**
 * A document of the library: the current file is its latest version. Families GENERAL, RH,
 * AUDITOR (an evaluator's file) and CLIENT (a client's file); mission documents carry a meta code.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    family: text("family").notNull(),
    documentType: text("document_type"),
    categoryId: uuid("category_id").references(() => documentCategories.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    auditorId: uuid("auditor_id").references(() => auditors.id),
    clientId: uuid("client_id").references(() => clients.id),
    missionId: uuid("mission_id"),
    metaCode: text("meta_code"),
    /** An evaluator's document: its kind (CV, insurance…) and the last day it is valid. */
    auditorDocumentKind: text("auditor_document_kind"),
    validUntil: date("valid_until"),
    currentVersion: integer("current_version").notNull().default(1),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    version: versionColumn(),
    ...timestamps,
    /**
     * The library's row (shared DocumentRow without its signed links and its author's name, added at each
     * read: users.name_json) as ASCII JSON text, kept by the database (migrations 0050_document_list_row and
     * 0053_author_names_at_read, document_list_row): a page reads fifty texts instead of building fifty objects
     * from five tables, and the server sends them without re-encoding accented characters.
     */
    listRow: text("list_row"),
    /** What the library's search reads (matchEveryWordIn): name, file name and description, folded and lowered. */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => searchTextSql([sql.raw(`"name"`), sql.raw(`"file_name"`), sql.raw(`coalesce("description", '')`)]),
    ),
  },
  (t) => [
    index("documents_family_idx").on(t.family, t.deletedAt),
    index("documents_client_idx").on(t.clientId),
    index("documents_auditor_idx").on(t.auditorId),
    index("documents_mission_idx").on(t.missionId),
    // A category renamed: the kept rows to rewrite (migration 0050).
    index("documents_category_idx").on(t.categoryId),
    // The library's sorts (documents.repository.ts) over the live documents, ties by id ascending.
    // The default order's index also carries the search text (INCLUDE, which drizzle cannot declare: migration
    // 0051_documents_family_and_search_walks): a searched page walks the index alone, without reading the row
    // of each document it passes over.
    index("documents_list_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id).where(sql`${t.deletedAt} is null`),
    // A family's tab in the default order: a walk of its own documents, not of all of them.
    index("documents_list_family_updated_idx")
      .on(t.family, t.updatedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index("documents_list_name_idx").on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_list_size_idx").on(t.size, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_list_type_asc_idx").on(t.documentType, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_list_type_desc_idx")
      .on(t.documentType.desc().nullsFirst(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index("documents_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** Every file a document has had: a new version never overwrites the previous one. */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    versionNumber: integer("version_number").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("document_versions_doc_idx").on(t.documentId, t.versionNumber)],
);
