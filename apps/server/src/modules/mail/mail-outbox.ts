import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { mailAttachments, mailOutbox } from "../../db/schema/index.js";
import type { AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest } from "../../lib/errors.js";
import { baseVariables, findTemplate } from "./mail-templates.repository.js";
import { renderTemplate, type TemplateVariables } from "./template-renderer.js";

export interface EnqueueInput {
  to: string[];
  cc?: string[];
  templateCode?: string;
  /** Used when there is no template (a mail written by hand). */
  subject?: string;
  body?: string;
  variables?: TemplateVariables;
  attachments?: Array<{ documentId: string; fileName: string }>;
  clientId?: string | null;
  missionId?: string | null;
  relatedType?: string | null;
  relatedId?: string | null;
  containsSecret?: boolean;
}

/**
 * Every mail goes into the outbox inside the caller's transaction (so a quote and its mail are
 * saved together or not at all); the worker sends it afterwards.
 */
export async function enqueueMail(tx: Executor, actor: AuditActor, input: EnqueueInput, requestId?: string) {
  const template = input.templateCode ? await findTemplate(tx, input.templateCode) : null;
  if (input.templateCode && !template) throw badRequest(`Modèle d'e-mail inconnu : ${input.templateCode}.`);
  const variables = { ...(await baseVariables(tx, actor.userId)), ...input.variables };
  const subject = renderTemplate(template?.subject ?? input.subject ?? "", variables);
  const body = renderTemplate(template?.body ?? input.body ?? "", variables);
  if (!subject || !body) throw badRequest("L'objet et le message sont obligatoires.");
  if (input.to.length === 0) throw badRequest("Indiquez au moins un destinataire.");
  const [mail] = await tx
    .insert(mailOutbox)
    .values({
      templateCode: input.templateCode ?? null,
      to: input.to,
      cc: input.cc ?? [],
      subject,
      body,
      containsSecret: input.containsSecret ?? false,
      clientId: input.clientId ?? null,
      missionId: input.missionId ?? null,
      relatedType: input.relatedType ?? null,
      relatedId: input.relatedId ?? null,
      createdBy: actor.userId,
    })
    .returning();
  if (!mail) throw new Error("mail not queued");
  if (input.attachments?.length) {
    await tx.insert(mailAttachments).values(input.attachments.map((a) => ({ ...a, mailId: mail.id })));
  }
  await writeAudit(
    tx,
    actor,
    {
      action: "create",
      entityType: "mail",
      entityId: mail.id,
      // The subject of a secret-bearing mail is harmless; its body never reaches the log.
      summary: `E-mail « ${subject} » à ${input.to.join(", ")}`,
      changes: input.clientId ? { clientId: input.clientId } : undefined,
    },
    requestId,
  );
  return mail;
}

/** A mail's sending state, as a screen that sent it shows it (the invoice's "Envoyer"). */
export async function mailSendingState(tx: Executor, id: string) {
  const [mail] = await tx
    .select({
      mailId: mailOutbox.id,
      to: mailOutbox.to,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return mail ?? null;
}

/**
 * Takes a failed mail out of the queue (deleted from the list, kept for the record) so that a new one, to the
 * addresses of today, replaces it: false when the worker has taken it meanwhile (it is being sent).
 */
export async function withdrawFailedMail(tx: Executor, id: string, now: Date) {
  const rows = await tx
    .update(mailOutbox)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "FAILED"), isNull(mailOutbox.deletedAt)))
    .returning({ id: mailOutbox.id });
  return rows.length === 1;
}
