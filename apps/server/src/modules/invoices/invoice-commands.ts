import { computeInvoiceTotals, toCents } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import * as repo from "./invoices.repository.js";

/** Appends rebilled travel expenses to the mission's draft balance invoice; false when there is none. */
export async function addTravelLines(
  tx: Executor,
  missionId: string,
  lines: Array<{ label: string; amount: number; vatRate: number }>,
): Promise<boolean> {
  const draft = await repo.draftBalanceOfMission(tx, missionId);
  if (!draft) return false;
  const current = await repo.linesOf(tx, draft.id);
  const all = [
    ...current.map(({ id: _id, invoiceId: _inv, ...l }) => ({
      ...l,
      quantity: Number(l.quantity),
      vatRate: Number(l.vatRate),
    })),
    ...lines.map((l) => ({
      kind: "TRAVEL",
      label: l.label,
      quantity: 1,
      unitPriceCents: toCents(l.amount),
      vatRate: l.vatRate,
      totalHtCents: 0,
      position: 0,
    })),
  ];
  const totals = computeInvoiceTotals(all);
  await repo.replaceLines(
    tx,
    draft.id,
    all.map((l, i) => ({ ...l, position: i + 1, totalHtCents: totals.lines[i] ?? 0 })),
  );
  await repo.updateInvoice(tx, draft.id, {
    totalHtCents: totals.totalHtCents,
    totalVatCents: totals.totalVatCents,
    totalTtcCents: totals.totalTtcCents,
  });
  return true;
}
