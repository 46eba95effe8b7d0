import type { RequestService, RequestSource } from "@certidesk/shared";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contacts, requestClients, requestEstablishments } from "../../db/schema/index.js";
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

/**
 * The contact a request follows when none is chosen: the main contact of its first establishment
 * that has one, else the legal entity's (main first). Without it, quotes and contracts would be
 * sent to nobody and the request would show "Contact —".
 */
export async function defaultRequestContact(tx: Executor, legalEntityId: string, clientIds: string[]) {
  const [found] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      or(
        clientIds.length ? inArray(contacts.clientId, clientIds) : undefined,
        and(eq(contacts.legalEntityId, legalEntityId), isNull(contacts.clientId)),
      ),
    )
    .orderBy(
      desc(contacts.isMain),
      sql`${contacts.clientId} is null`,
      sql`${contacts.email} is null`,
      asc(contacts.createdAt),
    )
    .limit(1);
  return found?.id ?? null;
}

/** Opens a request (demande) inside the caller's transaction: numbered, with its establishments, audited. */
export async function insertRequest(tx: Executor, actor: AuditActor, input: NewRequest, requestId?: string) {
  const reference = await nextNumber(tx, "REQUEST");
  const contactId = input.contactId ?? (await defaultRequestContact(tx, input.legalEntityId, input.clientIds));
  const [created] = await tx
    .insert(requestClients)
    .values({
      reference,
      legalEntityId: input.legalEntityId,
      contactId,
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
