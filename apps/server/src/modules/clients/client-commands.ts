import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients } from "../../db/schema/index.js";

export interface EvaluationDates {
  clientId: string;
  /** First visit day; null: "à programmer". */
  evaluationDate: string | null;
  /** Grouped evaluation (badge G), null when not grouped; left as it is when absent. */
  regroupingStatus?: number | null;
}

/**
 * Sets the evaluation date (and grouping) of establishments, inside the caller's transaction: from
 * a contract's programme, or from a mission's visit days. With `clientSince`, they also become
 * clients (a contract was signed).
 *
 *   await setEvaluationDates(tx, [{ clientId, evaluationDate: firstDay }], { now: clock.now() });
 */
export async function setEvaluationDates(
  tx: Executor,
  entries: readonly EvaluationDates[],
  options: { now: Date; clientSince?: Date },
) {
  for (const e of entries) {
    await tx
      .update(clients)
      .set({
        evaluationDate: e.evaluationDate,
        ...(e.regroupingStatus !== undefined ? { regroupingStatus: e.regroupingStatus } : {}),
        ...(options.clientSince ? { clientSince: options.clientSince } : {}),
        updatedAt: options.now,
      })
      .where(sql`${clients.id} = ${e.clientId}`);
  }
}

/** The final report is out: the establishment's evaluation is finalised ("Évaluations finalisées"). */
export async function markEvaluationFinished(tx: Executor, clientId: string, finishedAt: string, now: Date) {
  await tx
    .update(clients)
    .set({ evaluationFinishedAt: finishedAt, updatedAt: now })
    .where(sql`${clients.id} = ${clientId}`);
}

/** The names of establishments, in the order of `ids`. */
export async function clientNames(tx: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: clients.id, name: clients.raisonSocial })
    .from(clients)
    .where(inArray(clients.id, [...ids]));
  return ids.map((id) => rows.find((r) => r.id === id)?.name ?? "");
}

/** The establishment's follow-up date (last write wins; each change is in the timeline). */
export async function setClientFollowUp(tx: Executor, clientId: string, dateRelance: string | null) {
  await tx.update(clients).set({ dateRelance }).where(sql`${clients.id} = ${clientId}`);
}
