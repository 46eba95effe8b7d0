import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { searchTextSql } from "../../lib/search-text.js";
import { bytea, timestamps } from "./columns.js";
import { auditors, clients } from "./parties.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    profileType: text("profile_type").notNull(),
    active: boolean("active").notNull().default(true),
    auditorId: uuid("auditor_id").references(() => auditors.id),
    clientId: uuid("client_id").references(() => clients.id),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Given a provisional password by an administrator: must choose their own at the next sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Opted in to the daily mail of their new alerts (staff; edited by the user in their account menu). */
    alertDigest: boolean("alert_digest").notNull().default(false),
    version: integer("version").notNull().default(1),
    ...timestamps,
    /**
     * The name as the lists show it ("first last"), a JSON string in ASCII (json_string_ascii): added
     * to a kept row at each read (migration 0053_author_names_at_read). Kept in the row, renaming the author
     * of 19,000 documents rewrote all of them, 13 s in one transaction.
     */
    nameJson: text("name_json").generatedAlwaysAs(
      (): SQL => sql`json_string_ascii("first_name" || ' ' || "last_name")`,
    ),
  },
  (t) => [
    uniqueIndex("users_identifier_key").on(sql`lower(${t.identifier})`),
    index("users_profile_idx").on(t.profileType),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** The grants of each profile type: one row per profile × permission code. */
export const profilePermissions = pgTable(
  "profile_permissions",
  {
    profileType: text("profile_type").notNull(),
    code: text("code").notNull(),
    canCreate: boolean("can_create").notNull().default(false),
    canRead: boolean("can_read").notNull().default(false),
    canUpdate: boolean("can_update").notNull().default(false),
    canDelete: boolean("can_delete").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.profileType, t.code] })],
);

/** One row per profile type, carrying the version of its grants (optimistic locking of the whole set). */
export const profiles = pgTable("profiles", {
  profileType: text("profile_type").primaryKey(),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what and when: read by the timelines and history screens. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    summary: text("summary").notNull(),
    changes: jsonb("changes"),
    requestId: text("request_id"),
    /**
     * What the journal's search reads (matchEveryWordIn): the summary and the author, folded and lowered,
     * computed once per row by PostgreSQL instead of folding two columns of a million rows per search (5 s),
     * and indexed by trigrams.
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => searchTextSql([sql.raw(`"summary"`), sql.raw(`"actor_label"`)]),
    ),
  },
  (t) => [
    index("audit_entity_idx").on(t.entityType, t.entityId, t.occurredAt),
    // The journal's sorts and filters (audit.repository.ts): each a walk of one index in the list's order.
    index("audit_occurred_idx").on(t.occurredAt, t.id),
    index("audit_actor_label_idx").on(t.actorLabel, t.occurredAt, t.id),
    index("audit_type_idx").on(t.entityType, t.occurredAt, t.id),
    index("audit_action_idx").on(t.action, t.occurredAt, t.id),
    index("audit_actor_idx").on(t.actorId, t.occurredAt, t.id).where(sql`${t.actorId} is not null`),
    index("audit_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * How many journal entries there are per element, action and author, kept by triggers on audit_log in the
 * statement that writes it (migration `lists_at_scale`): the journal's total without counting a million rows. Derived:
 * restored as saved, with the triggers off (db/backup/dump-database.ts).
 */
export const auditLogCounts = pgTable(
  "audit_log_counts",
  {
    entityType: text("entity_type").notNull(),
    action: text("action").notNull(),
    actorId: uuid("actor_id"),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [unique("audit_log_counts_key").on(t.entityType, t.action, t.actorId).nullsNotDistinct()],
);

/** The single application configuration row (white label and company identity). */
export const configuration = pgTable("configuration", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyName: text("company_name").notNull(),
  primaryColor: text("primary_color").notNull().default("#1c64b4"),
  secondaryColor: text("secondary_color").notNull().default("#2f9e44"),
  legalForm: text("legal_form"),
  siret: text("siret"),
  vatNumber: text("vat_number"),
  address: text("address"),
  postalCode: text("postal_code"),
  city: text("city"),
  phone: text("phone"),
  email: text("email"),
  accreditation: text("accreditation"),
  // The logo is small and is the favicon: kept in the row so it commits with the rest of the configuration.
  logoData: bytea("logo_data"),
  logoMime: text("logo_mime"),
  logoUpdatedAt: timestamp("logo_updated_at", { withTimezone: true }),
  demoData: boolean("demo_data").notNull().default(false),
  version: integer("version").notNull().default(1),
  ...timestamps,
});

/** Single-use password reset links: only the hash of the secret is kept. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_key").on(t.tokenHash)],
);
