import type { Executor } from "../../db/client.js";
import { conflict } from "../../lib/errors.js";
import {
  approvedRebillableExpenses,
  expensesRebilledBy,
  markExpensesRebilled,
  releaseRebilledExpenses,
} from "../expenses/index.js";
import type * as repo from "./invoices.repository.js";

/**
 * Rebilled travel expenses ("frais en sus") on a mission's balance invoice. The dependency runs one
 * way: invoices call the expenses module's commands; the expenses own `rebilled_invoice_id`.
 *
 * The rule, kept in the same transaction as the invoice's lines:
 * - drafting the balance (or "Ajouter les frais refacturables" on its draft) adds one TRAVEL line per
 *   approved (or reimbursed) expense no invoice bills yet, and links each expense to the invoice: a
 *   second draft, or the action run again, finds nothing left to add, so an expense is never billed twice;
 * - before issuing, removing the line from the draft (the line carries its `expense_id`, which
 *   survives label edits) frees the expense; deleting the draft frees it too (FK `on delete set null`);
 * - once the invoice is issued the link is final;
 * - a credit note that cancels the invoice frees its expenses: the next balance draft bills them again.
 *
 * VAT: rebilled travel expenses are not "débours" (the evaluator travels for the body's own service,
 * not in the client's name), so under CGI art. 267 they are part of the price of the service and take
 * its VAT rate: the invoice's (the contract's) rate, 20 %, 8,5 % or exonéré. The amount rebilled HT
 * is the expense's approved amount (what the body pays the evaluator), quantity 1.
 */
export async function rebilledExpenseLines(
  tx: Executor,
  missionId: string,
  vatRate: number,
): Promise<repo.NewInvoiceLine[]> {
  const expenses = await approvedRebillableExpenses(tx, missionId);
  return expenses.map((e) => ({
    kind: "TRAVEL",
    label: e.label,
    quantity: 1,
    unitPriceCents: e.amountCents,
    vatRate,
    totalHtCents: 0,
    position: 0,
    expenseId: e.expenseId,
  }));
}

/** Links the invoice to the expenses its lines bill (after the lines are written). */
export async function linkRebilledExpenses(tx: Executor, invoiceId: string, lines: repo.NewInvoiceLine[]) {
  const ids = lines.map((l) => l.expenseId).filter((id): id is string => !!id);
  const taken = await markExpensesRebilled(tx, invoiceId, ids);
  if (taken.length !== ids.length)
    throw conflict("Des frais viennent d'être facturés sur une autre facture : rechargez et réessayez.");
}

/**
 * A draft's lines as edited: a line keeps its `expenseId` only when the draft already bills that
 * expense (once), and the expenses whose line was removed become billable again.
 */
export async function reconcileRebilledExpenses<L extends { expenseId?: string | null }>(
  tx: Executor,
  invoiceId: string,
  lines: L[],
): Promise<L[]> {
  const linked = new Set(await expensesRebilledBy(tx, invoiceId));
  const kept = new Set<string>();
  const result = lines.map((l) => {
    const id = l.expenseId && linked.has(l.expenseId) && !kept.has(l.expenseId) ? l.expenseId : null;
    if (id) kept.add(id);
    return { ...l, expenseId: id };
  });
  await releaseRebilledExpenses(tx, invoiceId, [...kept]);
  return result;
}

/** A credit note cancelled the invoice: its expenses are billable again. */
export function releaseCreditedExpenses(tx: Executor, invoiceId: string) {
  return releaseRebilledExpenses(tx, invoiceId);
}
