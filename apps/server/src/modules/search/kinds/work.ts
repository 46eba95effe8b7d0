import {
  formatCurrency,
  formatDate,
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceKind,
  type InvoiceStatus,
  MISSION_KIND_LABELS,
  type MissionKind,
} from "@certidesk/shared";
import { or, type SQL, sql } from "drizzle-orm";
import { contracts, invoices, missions } from "../../../db/schema/index.js";
import { granted, isStaff, recordScope } from "../../../lib/policy.js";
import { issuedToClient } from "../../invoices/index.js";
import { missionSearchScope } from "../../missions/index.js";
import { CLIENT_PORTAL, detailOf, evaluatorSpace, reads, type SearchKindDefinition } from "../search-kind.js";
import { compactHolds, compactIs, kindStatement, wordInText } from "../search-sql.js";

interface MissionRow {
  id: string;
  clientId: string;
  name: string;
  kind: string;
  firstDay: string | null;
  finalised: boolean;
  contractNumber: string | null;
}

/**
 * Missions: the mission list's search text (establishment, city, postal code, FINESS, contract number, team)
 * and its scope (mission-list.repository.ts): staff with MISSION read all, an evaluator the missions of their
 * teams, a client user their establishment's.
 */
const missionKind: SearchKindDefinition<MissionRow> = {
  kind: "mission",
  scope: (actor) =>
    isStaff(actor) && !granted(actor, "MISSION", "read") ? null : missionSearchScope(recordScope(actor)),
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "mission",
        from: missions,
        where: [scope],
        word: (w, exact) => wordInText({ column: missions.searchText, folded: "only-folded" }, w, exact),
        // The stored text's first line is the establishment's name, folded: nothing to fold per candidate.
        key: sql`lower(split_part(${missions.searchText}, E'\n', 1))`,
        columns: {
          id: missions.id,
          clientId: missions.clientId,
          name: missions.clientName,
          kind: missions.kind,
          firstDay: sql`${missions.firstDay}::text`,
          finalised: sql`${missions.status} = 'FINALISED'`,
          contractId: missions.contractId,
        },
        later: { contractNumber: sql`(select c.number from ${contracts} c where c.id = t."contractId")` },
      },
      q,
    ),
  result: (row, actor) => ({
    id: row.id,
    title: row.name,
    detail: detailOf(
      MISSION_KIND_LABELS[row.kind as MissionKind],
      row.firstDay ? `visite le ${formatDate(row.firstDay)}` : "visite à programmer",
      row.contractNumber,
      row.finalised && "finalisée",
    ),
    path:
      actor.profileType === "AUDITEUR"
        ? evaluatorSpace(actor.auditorId, "programmes")
        : actor.profileType === "MYQUALIANOR"
          ? `${CLIENT_PORTAL}#mission-${row.id}`
          : `/app/mission/${row.clientId}/${row.id}`,
  }),
};

interface InvoiceRow {
  id: string;
  number: string | null;
  kind: string;
  status: string;
  totalTtcCents: number;
  name: string;
}

/**
 * Invoices and credit notes: the invoice list's search text (number, buyer, establishment, contract number),
 * the number without its separators, the amount including tax. Staff with INVOICE read see all; a client user
 * their establishment's issued ones (invoiceResource's scope, as the portal lists them).
 */
const invoiceKind: SearchKindDefinition<InvoiceRow> = {
  kind: "invoice",
  scope: (actor) => {
    if (isStaff(actor)) return reads(actor, "INVOICE") ? undefined : null;
    return actor.profileType === "MYQUALIANOR" && actor.clientId ? issuedToClient(actor.clientId) : null;
  },
  statement: (q, scope) =>
    kindStatement(
      {
        kind: "invoice",
        from: invoices,
        where: [scope],
        word: (w, exact) =>
          or(
            wordInText({ column: invoices.searchText, folded: "only-folded" }, w, exact),
            compactHolds(invoices.number, w),
            w.cents !== null ? sql`${invoices.totalTtcCents} = ${w.cents}` : undefined,
          ) as SQL,
        key: sql`lower(${invoices.number})`,
        whole: (w) =>
          or(compactIs(invoices.number, w), w.cents !== null ? sql`${invoices.totalTtcCents} = ${w.cents}` : undefined),
        columns: {
          id: invoices.id,
          number: invoices.number,
          kind: invoices.kind,
          status: invoices.status,
          totalTtcCents: invoices.totalTtcCents,
          name: invoices.clientName,
        },
      },
      q,
    ),
  result: (row, actor) => ({
    id: row.id,
    title: row.number ?? "Brouillon",
    detail: detailOf(
      INVOICE_KIND_LABELS[row.kind as InvoiceKind],
      row.name,
      formatCurrency(row.totalTtcCents / 100),
      INVOICE_STATUS_LABELS[row.status as InvoiceStatus],
    ),
    path: actor.profileType === "MYQUALIANOR" ? `${CLIENT_PORTAL}#factures` : `/app/facture/${row.id}`,
  }),
};

/** The kinds of this file, by name (search.repository.ts gathers them). */
export const work = { mission: missionKind, invoice: invoiceKind };
