import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, versionColumn } from "./columns.js";
import { documents } from "./documents.js";
import { auditors, clients } from "./parties.js";
import { users } from "./platform.js";
import { requestClients } from "./prospects.js";
import { quotes } from "./quotes.js";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/** The needs statement (FEB) as the Besoin tab edits it. */
export interface FebData {
  evaluationKind: "FIRST" | "RENEWAL";
  authorisationDate: string | null;
  authorisationEndDate: string | null;
  previousEvaluationDate: string | null;
  peopleSupported: number | null;
  staffCount: number | null;
  sites: number | null;
  specificities: string | null;
  expectations: string | null;
  wishedPeriod: string | null;
  atcContact: string | null;
}

export interface CertificationDecisionData {
  decision: string;
  deciderUserId?: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  validUntil: string | null;
  comment: string | null;
}

/** A contract: Besoin (FEB), Programme, Contrat, Décision. Status per CONTRACT_STATUSES. */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => requestClients.id),
    quoteId: uuid("quote_id").references(() => quotes.id),
    number: text("number").notNull(),
    status: text("status").notNull().default("DRAFT"),
    typology: text("typology").notNull().default("STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2"),
    signatureDate: date("signature_date"),
    deadline: date("deadline"),
    amountHT: money("amount_ht").notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 3, mode: "number" }).notNull(),
    amountVAT: money("amount_vat").notNull(),
    amountTTC: money("amount_ttc").notNull(),
    travelExpenseMode: smallint("travel_expense_mode").notNull(),
    travelExpenseAmount: money("travel_expense_amount"),
    /** The deposit (acompte) the contract asks for, as a percentage of its amount; 0 = none. */
    depositPercent: numeric("deposit_percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    feb: jsonb("feb").$type<FebData>(),
    febDocumentId: uuid("feb_document_id").references(() => documents.id),
    documentId: uuid("document_id").references(() => documents.id),
    decision: jsonb("decision").$type<CertificationDecisionData>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    refusalReason: text("refusal_reason"),
    createdBy: uuid("created_by").references(() => users.id),
    version: versionColumn(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contracts_number_key").on(t.number),
    index("contracts_request_idx").on(t.requestId),
    // The alerts on contracts sent past their deadline or signed without one.
    index("contracts_status_deadline_idx").on(t.status, t.deadline),
    // The FEB-to-regenerate alert starts from the few contracts with a generated FEB.
    index("contracts_feb_document_idx").on(t.febDocumentId).where(sql`${t.febDocumentId} is not null`),
    // The certification alerts (surveillance window, renewal) read only the granted contracts.
    index("contracts_granted_idx").on(t.id).where(sql`${t.decision}->>'decision' = 'GRANTED'`),
  ],
);

/** The establishments a contract covers, with their regrouping status (1–3) and their ATC. */
export const contractEstablishments = pgTable(
  "contract_establishments",
  {
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id),
    regroupingStatus: smallint("regrouping_status"),
    atc: text("atc"),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.clientId] }),
    index("contract_establishments_client_idx").on(t.clientId),
  ],
);

/** The visit days of the programme, each with its time slot. */
export const contractDays = pgTable(
  "contract_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    clientId: uuid("client_id").references(() => clients.id),
    day: date("day").notNull(),
    timeSlotId: integer("time_slot_id").notNull(),
    dayFraction: numeric("day_fraction", { precision: 3, scale: 2, mode: "number" }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("contract_days_contract_idx").on(t.contractId, t.day)],
);

/** The evaluation team: at least two evaluators, one of them coordinating. */
export const contractEvaluators = pgTable(
  "contract_evaluators",
  {
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    auditorId: uuid("auditor_id")
      .notNull()
      .references(() => auditors.id),
    role: text("role").notNull().default("EVALUATOR"),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.auditorId] })],
);
