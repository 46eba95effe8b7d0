import type { MailDetail, MailRow, MailStatus, sendMailBodySchema } from "@certidesk/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Executor } from "../../db/client.js";
import { mailAttachments, mailOutbox } from "../../db/schema/index.js";
import type { Actor, AuditActor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { DocumentsService } from "../documents/documents.service.js";
import * as repo from "./mail.repository.js";
import { baseVariables, findTemplate } from "./mail-templates.service.js";
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

type SendInput = z.output<typeof sendMailBodySchema>;

export interface MailServiceDeps {
  db: Database;
  documents: DocumentsService;
  /** Wakes the worker so a new mail leaves at once rather than at the next tick. */
  onEnqueued?: () => void;
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

export function createMailService({ db, documents, onEnqueued }: MailServiceDeps) {
  async function withAttachments(rows: repo.MailJoinedRow[]): Promise<MailRow[]> {
    const attachments = await repo.attachmentsOf(
      db,
      rows.map((r) => r.mail.id),
    );
    return rows.map(({ mail, clientName, createdByName }) => ({
      id: mail.id,
      templateCode: mail.templateCode,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      status: mail.status as MailStatus,
      attempts: mail.attempts,
      nextAttemptAt: mail.nextAttemptAt.toISOString(),
      lastError: mail.lastError,
      sentAt: mail.sentAt?.toISOString() ?? null,
      createdAt: mail.createdAt.toISOString(),
      createdByName,
      clientId: mail.clientId,
      clientName,
      missionId: mail.missionId,
      relatedType: mail.relatedType,
      relatedId: mail.relatedId,
      containsSecret: mail.containsSecret,
      attachments: attachments
        .filter((a) => a.mailId === mail.id)
        .map((a) => ({ documentId: a.documentId, fileName: a.fileName })),
    }));
  }

  async function load(id: string) {
    const row = await repo.findMail(db, id);
    if (!row) throw notFound("E-mail introuvable.");
    return row;
  }

  async function get(id: string): Promise<MailDetail> {
    const row = await load(id);
    const [mail] = await withAttachments([row]);
    if (!mail) throw notFound("E-mail introuvable.");
    return { ...mail, body: row.mail.containsSecret ? null : row.mail.body };
  }

  return {
    async list(query: repo.MailListQuery) {
      const { rows, total } = await repo.listMails(db, query);
      return { items: await withAttachments(rows), total, page: query.page, pageSize: query.pageSize };
    },

    get,

    async send(actor: Actor, input: SendInput, requestId?: string) {
      const attachments = await documents.attachmentsFor(actor, input.documentIds);
      const mail = await db.transaction((tx) =>
        enqueueMail(
          tx,
          actor,
          {
            to: input.to,
            cc: input.cc,
            subject: input.subject,
            body: input.body,
            attachments,
            clientId: input.clientId,
          },
          requestId,
        ),
      );
      onEnqueued?.();
      return get(mail.id);
    },

    /** Sends again: a failed or waiting mail is retried now; a sent one is copied into a new mail. */
    async resend(actor: Actor, id: string, requestId?: string) {
      const { mail } = await load(id);
      const resultId = await db.transaction(async (tx) => {
        if (mail.status !== "SENT") {
          await tx
            .update(mailOutbox)
            .set({ status: "QUEUED", nextAttemptAt: new Date(), updatedAt: new Date() })
            .where(eq(mailOutbox.id, id));
          await writeAudit(
            tx,
            actor,
            {
              action: "update",
              entityType: "mail",
              entityId: id,
              summary: `Nouvel essai d'envoi de « ${mail.subject} »`,
            },
            requestId,
          );
          return id;
        }
        const [copy] = await tx
          .insert(mailOutbox)
          .values({
            ...mail,
            id: undefined,
            status: "QUEUED",
            attempts: 0,
            nextAttemptAt: new Date(),
            sentAt: null,
            lastError: null,
            messageId: null,
            createdBy: actor.userId,
            createdAt: new Date(),
            updatedAt: new Date(),
          })
          .returning();
        if (!copy) throw new Error("mail not copied");
        const attachments = await tx.select().from(mailAttachments).where(eq(mailAttachments.mailId, id));
        if (attachments.length) {
          await tx
            .insert(mailAttachments)
            .values(attachments.map((a) => ({ mailId: copy.id, documentId: a.documentId, fileName: a.fileName })));
        }
        await writeAudit(
          tx,
          actor,
          { action: "create", entityType: "mail", entityId: copy.id, summary: `E-mail « ${mail.subject} » renvoyé` },
          requestId,
        );
        return copy.id;
      });
      onEnqueued?.();
      return get(resultId);
    },

    /** Removes a mail from the screen (kept in the database for the record). */
    async remove(actor: Actor, id: string, requestId?: string) {
      const { mail } = await load(id);
      await db.transaction(async (tx) => {
        await tx
          .update(mailOutbox)
          .set({ deletedAt: new Date() })
          .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.deletedAt)));
        await writeAudit(
          tx,
          actor,
          { action: "delete", entityType: "mail", entityId: id, summary: `E-mail « ${mail.subject} » supprimé` },
          requestId,
        );
      });
    },

    async counts(filter: Omit<repo.MailFilterQuery, "status"> = {}) {
      const rows = await repo.countMailsByStatus(db, filter);
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<MailStatus, number>>;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
