import type { RequestService, RequestSource } from "@certidesk/shared";
import type { Executor } from "../../db/client.js";
import { requestClients, requestEstablishments } from "../../db/schema/index.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { nextNumber } from "../../lib/numbering.js";

export interface NewRequest {
  legalEntityId: string;
  contactId: string | null;
  service: RequestService;
  source: RequestSource;
  clientIds: string[];
  /** The day the request came in ("YYYY-MM-DD"): the caller's clock.today() unless the user gave one. */
  receivedAt: string;
  wishedPeriod?: string | null;
  notes?: string | null;
}

/** Opens a request (demande) inside the caller's transaction: numbered, with its establishments, audited. */
export async function insertRequest(tx: Executor, actor: AuditActor, input: NewRequest, requestId?: string) {
  const reference = await nextNumber(tx, "REQUEST");
  const [created] = await tx
    .insert(requestClients)
    .values({
      reference,
      legalEntityId: input.legalEntityId,
      contactId: input.contactId,
      service: input.service,
      source: input.source,
      status: "NEW",
      receivedAt: input.receivedAt,
      wishedPeriod: input.wishedPeriod ?? null,
      notes: input.notes ?? null,
      createdBy: actor.userId,
    })
    .returning();
  if (!created) throw new Error("request not created");
  await tx
    .insert(requestEstablishments)
    .values(input.clientIds.map((clientId) => ({ requestId: created.id, clientId })));
  await writeAudit(
    tx,
    actor,
    {
      action: "create",
      entityType: "request",
      entityId: created.id,
      summary: `Demande ${reference} enregistrée`,
      changes: { service: input.service, source: input.source, establishments: input.clientIds.length },
    },
    requestId,
  );
  return created;
}
