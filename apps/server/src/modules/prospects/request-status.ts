import type { RequestStatus } from "@certidesk/shared";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contracts, quotes, recevabilityReviews, requestClients } from "../../db/schema/index.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";

/**
 * The step a request is at, read from what exists: an open contract, else the live quote, else the
 * recevability review. Used when a refused or archived request moves back to the prospects.
 */
export async function deriveStatus(tx: Executor, requestId: string): Promise<RequestStatus> {
  const [contract] = await tx
    .select({ status: contracts.status })
    .from(contracts)
    .where(and(eq(contracts.requestId, requestId), inArray(contracts.status, ["DRAFT", "SENT", "SIGNED"])))
    .orderBy(desc(contracts.createdAt))
    .limit(1);
  if (contract?.status === "SIGNED") return "SIGNED";
  if (contract) return contract.status === "SENT" ? "CONTRACT_SENT" : "QUOTE_ACCEPTED";
  const [quote] = await tx
    .select({ status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.requestId, requestId), inArray(quotes.status, ["DRAFT", "SENT", "ACCEPTED"])))
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  if (quote)
    return quote.status === "SENT" ? "QUOTE_SENT" : quote.status === "ACCEPTED" ? "QUOTE_ACCEPTED" : "QUOTE_DRAFT";
  const [review] = await tx
    .select({ decision: recevabilityReviews.decision })
    .from(recevabilityReviews)
    .where(eq(recevabilityReviews.requestId, requestId));
  return review?.decision === "PENDING" ? "RECEVABILITY" : "NEW";
}

/** Moves a request to a step (inside the caller's transaction), bumping its version. */
export async function setRequestStatus(tx: Executor, requestId: string, status: RequestStatus) {
  await tx
    .update(requestClients)
    .set({ status, version: sql`${requestClients.version} + 1`, updatedAt: new Date() })
    .where(eq(requestClients.id, requestId));
}

/** Keeps a live request's step in line with its quotes and contract; a refused or signed one stays as it is. */
export async function syncRequestStatus(tx: Executor, requestId: string) {
  const [request] = await tx
    .select({ status: requestClients.status })
    .from(requestClients)
    .where(eq(requestClients.id, requestId));
  if (!request || request.status === "REFUSE" || request.status === "SIGNED") return;
  const status = await deriveStatus(tx, requestId);
  if (status !== request.status) await setRequestStatus(tx, requestId, status);
}

/** The request is won: its contract is signed (inside the contract's transaction, audited there). */
export async function markSigned(
  tx: Executor,
  actor: AuditActor,
  input: { requestId: string; contractNumber: string; now: Date },
  logId?: string,
) {
  const [request] = await tx
    .update(requestClients)
    .set({
      status: "SIGNED",
      archivedAt: null,
      refusalReason: null,
      version: sql`${requestClients.version} + 1`,
      updatedAt: input.now,
    })
    .where(eq(requestClients.id, input.requestId))
    .returning({ reference: requestClients.reference });
  await writeAudit(
    tx,
    actor,
    {
      action: "status",
      entityType: "request",
      entityId: input.requestId,
      summary: `Demande ${request?.reference ?? ""} gagnée : contrat ${input.contractNumber} signé`,
    },
    logId,
  );
}

/** The request is lost: the establishment refused its contract. */
export async function markRefused(tx: Executor, input: { requestId: string; reason: string; now: Date }) {
  await tx
    .update(requestClients)
    .set({
      status: "REFUSE",
      refusalReason: input.reason,
      version: sql`${requestClients.version} + 1`,
      updatedAt: input.now,
    })
    .where(eq(requestClients.id, input.requestId));
}

/** The request's follow-up date (last write wins; each change is in the timeline). */
export async function setRequestFollowUp(tx: Executor, requestId: string, dateRelance: string | null) {
  await tx.update(requestClients).set({ dateRelance }).where(eq(requestClients.id, requestId));
}
