import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contracts } from "./contracts.js";
import { auditors, clients } from "./parties.js";
import { users } from "./platform.js";

/**
 * Links of interest: append-only. A link is never deleted, only ended (its end date set once), so the
 * history stays as evidence for an accreditation audit. The organisation is an ESSMS, a legal entity
 * or a gestionnaire (organisation_type); its name is kept as it was when recorded.
 */
export const auditorLinks = pgTable(
  "auditor_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    organisationType: text("organisation_type").notNull(),
    organisationId: uuid("organisation_id").notNull(),
    organisationName: text("organisation_name").notNull(),
    nature: text("nature").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    comment: text("comment"),
    recordedById: uuid("recorded_by_id").references(() => users.id),
    recordedByLabel: text("recorded_by_label").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    endedById: uuid("ended_by_id").references(() => users.id),
    endedByLabel: text("ended_by_label"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("auditor_links_auditor_idx").on(t.auditorId),
    index("auditor_links_organisation_idx").on(t.organisationType, t.organisationId),
  ],
);

export const auditorUnavailability = pgTable(
  "auditor_unavailability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    reason: text("reason"),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auditor_unavailability_auditor_idx").on(t.auditorId, t.startDate)],
);

/** The impartiality rules' numbers (one row, id 1), defaults from the HAS cahier des charges. */
export const impartialitySettings = pgTable("impartiality_settings", {
  id: integer("id").primaryKey().default(1),
  adviceMonthsBefore: integer("advice_months_before").notNull().default(24),
  adviceMonthsAfter: integer("advice_months_after").notNull().default(12),
  employmentYears: integer("employment_years").notNull().default(5),
  sameDepartementRule: boolean("same_departement_rule").notNull().default(true),
  documentsRule: boolean("documents_rule").notNull().default(true),
  expiringSoonDays: integer("expiring_soon_days").notNull().default(30),
  /** Which editable planning rules block and which warn (absent: the default of @certidesk/shared). */
  ruleSeverities: jsonb("rule_severities")
    .$type<Partial<Record<string, "BLOCKING" | "WARNING">>>()
    .notNull()
    .default({}),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An assignment made despite warnings (sector, availability, monthly maximum): the written
 * justification, kept with the warnings it answered (also written to the audit log).
 */
export const auditorAssignmentJustifications = pgTable(
  "auditor_assignment_justifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    contractId: uuid("contract_id").references(() => contracts.id, { onDelete: "cascade" }),
    missionId: uuid("mission_id"),
    clientId: uuid("client_id").references(() => clients.id),
    warnings: jsonb("warnings").$type<Array<{ rule: string; message: string }>>().notNull(),
    justification: text("justification").notNull(),
    createdById: uuid("created_by_id").references(() => users.id),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auditor_justifications_idx").on(t.auditorId, t.contractId)],
);

/**
 * An assignment the impartiality engine refused (a blocking reason: link of interest, same
 * département, employment, missing documents), kept as evidence for the accreditation audit
 * (COFRAC): the refusal itself changes nothing, so without this row it would leave no trace.
 */
export const auditorAssignmentRefusals = pgTable(
  "auditor_assignment_refusals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    contractId: uuid("contract_id").references(() => contracts.id, { onDelete: "cascade" }),
    missionId: uuid("mission_id"),
    clientId: uuid("client_id").references(() => clients.id),
    reasons: jsonb("reasons").$type<Array<{ rule: string; message: string }>>().notNull(),
    createdById: uuid("created_by_id").references(() => users.id),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auditor_refusals_auditor_idx").on(t.auditorId, t.createdAt),
    index("auditor_refusals_created_idx").on(t.createdAt),
  ],
);
