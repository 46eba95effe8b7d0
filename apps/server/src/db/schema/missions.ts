import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { foldedSql } from "../../lib/search-text.js";
import { timestamps, versionColumn } from "./columns.js";
import { contracts } from "./contracts.js";
import { documents } from "./documents.js";
import { auditors, clients } from "./parties.js";
import { users } from "./platform.js";

/** One entry of a visit day's programme (accompagné traceur, traceur ciblé, audit système…). */
export interface MissionDayProgrammeEntry {
  time: string | null;
  activity: string;
  people: string | null;
}

/** One document asked of the ESSMS for the visit (the checklist its portal shows). */
export interface RequestedDocumentEntry {
  id: string;
  label: string;
  /** Received from the ESSMS. */
  received: boolean;
}

/**
 * A mission: one ESSMS evaluation or one certification audit of one establishment, created when its
 * contract is signed. Grouped ESSMS (badge G) carry the same `group_id` and share their days and
 * team. `status` is the stored phase (OPEN, FINALISED); what the lists show (à programmer,
 * programmée, visite passée, rapport en retard, finalisée) is derived from it, the days and the
 * report milestones against the clock's date. The report milestones are columns here so the list
 * can derive that state in one query.
 */
export const missions = pgTable(
  "missions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id),
    /**
     * The establishment's name (clients.raison_social), copied by triggers (migration 0024_money_lists):
     * every sort of the list ends with it, so a page is an index walk; never written by the application.
     */
    clientName: text("client_name").notNull().default(""),
    /**
     * What the list's search reads, one field per line as the search compares them (lib/search-text.ts):
     * the establishment's name, city, postal code and FINESS, the contract's number, the team's names.
     * Kept by triggers (migration 0024_money_lists) and indexed by trigrams; never written by the application.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The team's names as the list shows them ("first last, …" by role, then last name), kept with the search
     * text by the same trigger (migration `mission_team_names`): per row of a page, the list aggregated them.
     */
    teamNames: text("team_names").notNull().default(""),
    /**
     * The list's row (shared MissionRow) but for what depends on the day and the deadline settings (its state
     * and report deadlines, added at each read): ASCII JSON text kept by the database (migration
     * 0054_mission_list_row, mission_list_row), rewritten with every write of the mission, which its
     * establishment, contract and team already cause. A page reads fifty texts instead of joining three tables
     * and building fifty objects. Never written by the application.
     */
    listRow: text("list_row"),
    groupId: uuid("group_id"),
    /** ESSMS_EVALUATION, or CERT_INITIAL / CERT_SURVEILLANCE_1 / CERT_SURVEILLANCE_2 / CERT_RENEWAL. */
    kind: text("kind").notNull(),
    remote: boolean("remote").notNull().default(false),
    status: text("status").notNull().default("OPEN"),
    /** First and last visit day, kept with the days (list filters and sorts in SQL). */
    firstDay: date("first_day"),
    lastDay: date("last_day"),
    preliminaryDocumentId: uuid("preliminary_document_id").references(() => documents.id),
    preliminaryUploadedAt: date("preliminary_uploaded_at"),
    preliminaryReviewedAt: date("preliminary_reviewed_at"),
    preliminaryReviewedBy: text("preliminary_reviewed_by"),
    preliminaryReviewComment: text("preliminary_review_comment"),
    /** The day the ESSMS received the preliminary report: its observation period starts then. */
    preliminarySentAt: date("preliminary_sent_at"),
    observationsDocumentId: uuid("observations_document_id").references(() => documents.id),
    observationsReceivedAt: date("observations_received_at"),
    finalDocumentId: uuid("final_document_id").references(() => documents.id),
    finalReportAt: date("final_report_at"),
    /** When the report was transmitted to the HAS platform (Synaé). */
    hasTransmittedAt: date("has_transmitted_at"),
    /** The documents asked of the ESSMS before the visit (Préparation tab; shown on the client portal). */
    requestedDocuments: jsonb("requested_documents").$type<RequestedDocumentEntry[]>().notNull().default([]),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("missions_contract_client_key").on(t.contractId, t.clientId),
    index("missions_client_idx").on(t.clientId),
    index("missions_group_idx").on(t.groupId),
    // The list's sorts (mission-list.repository.ts): each key as the list orders it (NULLS LAST in both
    // directions), then the establishment's name and the id, so a page is an index walk.
    index("missions_list_first_day_idx").on(t.firstDay, t.clientName, t.id),
    index("missions_list_first_day_desc_idx").on(t.firstDay.desc().nullsLast(), t.clientName, t.id),
    index("missions_list_last_day_idx").on(t.lastDay, t.clientName, t.id),
    index("missions_list_last_day_desc_idx").on(t.lastDay.desc().nullsLast(), t.clientName, t.id),
    index("missions_list_name_idx").on(sql`lower(${foldedSql(t.clientName)})`, t.clientName, t.id),
    index("missions_list_kind_idx").on(t.kind, t.clientName, t.id),
    index("missions_list_kind_desc_idx").on(t.kind.desc(), t.clientName, t.id),
    index("missions_list_search_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    // The finalised missions in the "state" sort (their state needs no date; the others' is computed).
    index("missions_list_finalised_idx").on(t.clientName, t.id).where(sql`${t.status} = 'FINALISED'`),
    // The live missions in the list's default order, with every column their state is computed from: a state
    // filter walks it and stops at the page's end, the state sort and the counts read it alone, never the
    // table (their 2,000 rows were spread over 1,100 pages of 50,000 missions).
    index("missions_live_list_idx")
      .on(
        t.firstDay,
        t.clientName,
        t.id,
        t.status,
        t.lastDay,
        t.preliminaryUploadedAt,
        t.preliminarySentAt,
        t.observationsReceivedAt,
        t.finalReportAt,
      )
      .where(sql`${t.status} <> 'FINALISED'`),
    // The "state" sort (mission-list.repository.ts), one part per state in the order of the establishment's name:
    // the missions to plan from their own index; the planned, past and late ones walk the live missions by name,
    // their state read from the index.
    index("missions_to_plan_name_idx")
      .on(t.clientName, t.id)
      .where(sql`${t.status} <> 'FINALISED' and ${t.lastDay} is null`),
    index("missions_live_name_idx")
      .on(
        t.clientName,
        t.id,
        t.lastDay,
        t.preliminaryUploadedAt,
        t.preliminarySentAt,
        t.observationsReceivedAt,
        t.finalReportAt,
      )
      .where(sql`${t.status} <> 'FINALISED'`),
    // The live missions (the alert rules on teams, orders and links read only these).
    index("missions_live_idx").on(t.lastDay).where(sql`${t.status} <> 'FINALISED'`),
    // A contract's live missions by kind from the index alone (the ATC-deadline alert's "not finalised yet").
    index("missions_live_contract_idx").on(t.contractId, t.kind).where(sql`${t.status} <> 'FINALISED'`),
    // The mission of a report (clientMayReadReportSql: may a client user read this document?), once per document
    // of a client's the library or the global search reads; without them, each one read every mission.
    index("missions_preliminary_document_idx")
      .on(t.preliminaryDocumentId)
      .where(sql`${t.preliminaryDocumentId} is not null`),
    index("missions_final_document_idx").on(t.finalDocumentId).where(sql`${t.finalDocumentId} is not null`),
  ],
);

/** The team of a mission: evaluators, one of them coordinating. */
export const missionTeamMembers = pgTable(
  "mission_team_members",
  {
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    role: text("role").notNull().default("EVALUATOR"),
  },
  (t) => [
    primaryKey({ columns: [t.missionId, t.auditorId] }),
    index("mission_team_auditor_idx").on(t.auditorId),
    // A mission's team size and coordinator read from the index alone (the incomplete-team alert, per live mission).
    index("mission_team_roles_idx").on(t.missionId, t.role),
  ],
);

/**
 * Mission orders (OM), append-only: a row is never updated. Sending, accepting or refusing inserts a
 * new row that supersedes the previous one (unique `supersedes`); the current order of an evaluator
 * is the row nothing supersedes. Only a WAITING row (never sent) may be deleted, when its evaluator
 * leaves the team.
 */
export const missionOrders = pgTable(
  "mission_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    role: text("role").notNull(),
    /** WAITING, SENT, ACCEPT, REFUSE (spec §4). */
    status: text("status").notNull(),
    documentId: uuid("document_id").references(() => documents.id),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** SESSION (evaluator space) or LINK (signed link of the mail). */
    answeredVia: text("answered_via"),
    refusalReason: text("refusal_reason"),
    supersedes: uuid("supersedes").references((): AnyPgColumn => missionOrders.id),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("mission_orders_supersedes_key").on(t.supersedes),
    index("mission_orders_mission_idx").on(t.missionId, t.auditorId),
    index("mission_orders_auditor_idx").on(t.auditorId, t.status),
    // The alerts on orders refused, accepted (by answer date) or unanswered.
    index("mission_orders_status_idx").on(t.status, t.answeredAt),
  ],
);

/** The visit days of a mission, each on a time slot of the spec, with its day-by-day programme. */
export const missionDays = pgTable(
  "mission_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    timeSlotId: integer("time_slot_id").notNull(),
    dayFraction: numeric("day_fraction", { precision: 3, scale: 2, mode: "number" }).notNull(),
    position: integer("position").notNull(),
    programme: jsonb("programme").$type<MissionDayProgrammeEntry[]>().notNull().default([]),
  },
  (t) => [index("mission_days_mission_idx").on(t.missionId, t.day), index("mission_days_day_idx").on(t.day)],
);

/** The report deadlines (one row, id 1; domain.md defaults), editable in Settings. */
export const missionDeadlineSettings = pgTable("mission_deadline_settings", {
  id: integer("id").primaryKey().default(1),
  /** Preliminary report due this many days after the last visit day. */
  preliminaryReportDays: integer("preliminary_report_days").notNull().default(30),
  /** Observations due this many days after the ESSMS received the preliminary report. */
  observationsDays: integer("observations_days").notNull().default(15),
  /** Final report due this many days after the observations (or the end of their period). */
  finalReportDays: integer("final_report_days").notNull().default(15),
  /** Reminder this many days before a report is due. */
  reminderDaysBefore: integer("reminder_days_before").notNull().default(5),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An evaluator's private calendar feed. The secret in the link is an HMAC of the row's id (nothing
 * secret is stored); revoking sets `revoked_at` and the next link names a new row. One active row per
 * evaluator (unique index): simultaneous first requests create it once.
 */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("calendar_feed_tokens_auditor_idx").on(t.auditorId),
    uniqueIndex("calendar_feed_tokens_active_key").on(t.auditorId).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The non-conformities of a certification audit, per criterion: major or minor, the client's
 * corrective action and its evidence, a due date, and who closed it. A major one left open blocks
 * the certification decision.
 */
export const missionNonConformities = pgTable(
  "mission_non_conformities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    /** The référentiel criterion (e.g. "1.2.3"). */
    criterion: text("criterion").notNull(),
    /** MAJOR or MINOR. */
    severity: text("severity").notNull(),
    description: text("description").notNull(),
    correctiveAction: text("corrective_action"),
    evidence: text("evidence"),
    dueDate: date("due_date"),
    closedAt: date("closed_at"),
    closedById: uuid("closed_by_id").references(() => users.id),
    closedBy: text("closed_by"),
    createdById: uuid("created_by_id").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [index("mission_non_conformities_mission_idx").on(t.missionId)],
);

/**
 * The reminders sent before a report is due: one per mission, report and due date (the primary
 * key makes the periodic job idempotent, and safe with two servers).
 */
export const missionReportReminders = pgTable(
  "mission_report_reminders",
  {
    missionId: uuid("mission_id")
      .notNull()
      .references(() => missions.id, { onDelete: "cascade" }),
    /** PRELIMINARY, OBSERVATIONS or FINAL. */
    report: text("report").notNull(),
    dueDate: date("due_date").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.missionId, t.report, t.dueDate] })],
);
