import type { Executor } from "../db/client.js";
import { auditLog } from "../db/schema/index.js";
import type { AuditActor } from "./actor.js";

export interface AuditEntry {
  action: "create" | "update" | "delete" | "login" | "logout" | "revoke" | string;
  entityType: string;
  entityId: string;
  summary: string;
  changes?: Record<string, unknown>;
}

/** Records who changed what and when; call it inside the same transaction as the change. */
export async function writeAudit(
  tx: Executor,
  actor: AuditActor,
  entry: AuditEntry,
  requestId?: string,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorLabel: actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    changes: entry.changes ?? null,
    requestId: requestId ?? null,
  });
}

/** The fields whose value differs, as { field: { from, to } }, for the audit log. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
