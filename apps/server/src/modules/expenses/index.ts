/**
 * The expenses module's public surface (evaluators' expenses and fees, performance, satisfaction).
 * Invoices call `approvedRebillableExpenses(tx, missionId)` when they draft a mission's balance
 * invoice: the approved expenses as lines in cents, empty unless the contract says "frais en sus".
 * Statistics read `satisfactionByAuditor(db, { from, to })`.
 */
import {
  EXPENSE_KIND_LABELS,
  type ExpenseKind,
  formatDate,
  TRANSPORT_MODE_LABELS,
  type TransportMode,
} from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import { rebillableExpenses } from "./expenses.repository.js";

export { satisfactionByAuditor } from "./expenses.repository.js";

export interface RebillableExpenseLine {
  expenseId: string;
  /** French wording for the invoice line, e.g. "Frais de transport (Train) du 07/04/2026". */
  label: string;
  date: string;
  amountCents: number;
}

/** Approved (or reimbursed) expenses of a mission to rebill on the balance invoice ("frais en sus" only). */
export async function approvedRebillableExpenses(tx: Executor, missionId: string): Promise<RebillableExpenseLine[]> {
  const rows = await rebillableExpenses(tx, missionId);
  return rows.map((r) => {
    const kind = EXPENSE_KIND_LABELS[r.kind as ExpenseKind] ?? r.kind;
    const mode = r.transportMode
      ? ` (${TRANSPORT_MODE_LABELS[r.transportMode as TransportMode] ?? r.transportMode})`
      : "";
    return {
      expenseId: r.id,
      label: `Frais — ${kind.toLowerCase()}${mode} du ${formatDate(r.date)}${r.description ? ` : ${r.description}` : ""}`,
      date: r.date,
      amountCents: r.amountCents,
    };
  });
}
