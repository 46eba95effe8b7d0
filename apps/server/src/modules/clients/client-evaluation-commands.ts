import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { clients } from "../../db/schema/index.js";

/**
 * The evaluation date of an establishment (its visit's first day; null: "à programmer"), set by the
 * missions module inside its own transaction when the visit days change.
 */
export async function setEvaluationDate(tx: Executor, clientId: string, evaluationDate: string | null, now: Date) {
  await tx.update(clients).set({ evaluationDate, updatedAt: now }).where(sql`${clients.id} = ${clientId}`);
}

/** The final report is out: the establishment's evaluation is finalised ("Évaluations finalisées"). */
export async function markEvaluationFinished(tx: Executor, clientId: string, finishedAt: string, now: Date) {
  await tx
    .update(clients)
    .set({ evaluationFinishedAt: finishedAt, updatedAt: now })
    .where(sql`${clients.id} = ${clientId}`);
}
