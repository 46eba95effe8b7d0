/**
 * The expenses module's public surface (evaluators' expenses and fees, performance, satisfaction).
 * Invoices call `approvedRebillableExpenses(tx, missionId)` when they draft a mission's balance
 * invoice: the approved expenses not billed yet as lines in cents, empty unless the contract says
 * "frais en sus"; then `markExpensesRebilled` / `releaseRebilledExpenses` in the same transaction
 * keep `expenses.rebilled_invoice_id` in step with the invoice's lines. The dependency runs one way:
 * invoices → expenses (this module never imports invoices; it only joins the invoice number to show it).
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
import { clearRebilledInvoice, rebillableExpenses, rebilledBy, setRebilledInvoice } from "./expenses.repository.js";

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

/** Records that `invoiceId` bills these expenses; answers the ids actually taken (those still free). */
export async function markExpensesRebilled(tx: Executor, invoiceId: string, expenseIds: string[]): Promise<string[]> {
  return (await setRebilledInvoice(tx, expenseIds, invoiceId)).map((r) => r.id);
}

/** The expenses an invoice bills. */
export function expensesRebilledBy(tx: Executor, invoiceId: string): Promise<string[]> {
  return rebilledBy(tx, invoiceId);
}

/** Frees the expenses an invoice bills (all, or all but `keep`): billable again on the next draft. */
export function releaseRebilledExpenses(tx: Executor, invoiceId: string, keep: string[] = []): Promise<void> {
  return clearRebilledInvoice(tx, invoiceId, keep);
}
