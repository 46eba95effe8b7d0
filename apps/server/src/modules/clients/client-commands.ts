import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients } from "../../db/schema/index.js";

export interface EvaluationDates {
  clientId: string;
  /** First visit day; null: "à programmer". */
  evaluationDate: string | null;
  /** Grouped evaluation (badge G), null when not grouped. */
  regroupingStatus: number | null;
}

/**
 * Sets the evaluation date and grouping of establishments from their programme (inside the caller's
 * transaction); with `clientSince`, they also become clients (a contract was signed).
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
        regroupingStatus: e.regroupingStatus,
        ...(options.clientSince ? { clientSince: options.clientSince } : {}),
        updatedAt: options.now,
      })
      .where(sql`${clients.id} = ${e.clientId}`);
  }
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
