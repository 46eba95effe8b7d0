import type { MailDetail, MailRow, MailStatus, sendMailBodySchema } from "@certidesk/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { authorize, isStaff } from "../../lib/policy.js";
import { pageJsonText } from "../../lib/sql-json.js";
import type { DocumentsService } from "../documents/index.js";
import { mailResource } from "./mail.policy.js";
import * as repo from "./mail.repository.js";
import { enqueueMail } from "./mail-outbox.js";

/** Kept for the modules that still import it from here; new code imports `enqueueMail` from mail/index.ts. */
export { type EnqueueInput, enqueueMail } from "./mail-outbox.js";

type SendInput = z.output<typeof sendMailBodySchema>;

export interface MailServiceDeps {
  db: Database;
  documents: DocumentsService;
  clock?: Clock;
  /** Wakes the worker so a new mail leaves at once rather than at the next tick. */
  onEnqueued?: () => void;
}

export function createMailService({ db, documents, onEnqueued, clock = systemClock }: MailServiceDeps) {
  /** load → 404 → authorize: the start of every method on one mail. */
  async function load(actor: Actor, id: string, action: "read" | "resend" | "delete") {
    const row = await repo.findMail(db, id);
    if (!row) throw notFound(mailResource.notFound);
    authorize(actor, action, mailResource, row.mail);
    return row;
  }

  async function get(actor: Actor, id: string): Promise<MailDetail> {
    const { row, mail } = await load(actor, id, "read");
    return { ...row, body: mail.containsSecret ? null : mail.body };
  }

  return {
    /** The outbox is internal: a profile outside the staff given the right by Settings still sees none. */
    async list(actor: Actor, query: repo.MailListQuery) {
      if (!isStaff(actor)) return pageJsonText<MailRow>("[]", 0, query);
      const { items, total } = await repo.listMails(db, query);
      return pageJsonText<MailRow>(items, total, query);
    },

    get,

    /** The composer's establishments and their contacts' addresses (staff who may write mails). */
    async recipientOptions(actor: Actor, search: string | undefined) {
      if (!isStaff(actor)) throw notFound();
      return repo.recipientOptions(db, search);
    },

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
      return get(actor, mail.id);
    },

    /** Sends again: a failed or waiting mail is retried now; a sent one is copied into a new mail. */
    async resend(actor: Actor, id: string, requestId?: string) {
      const { mail } = await load(actor, id, "resend");
      const resultId = await db.transaction(async (tx) => {
        if (mail.status !== "SENT") {
          await repo.requeue(tx, id, clock.now());
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
        const copy = await repo.copyMail(tx, mail, actor.userId, clock.now());
        await writeAudit(
          tx,
          actor,
          { action: "create", entityType: "mail", entityId: copy.id, summary: `E-mail « ${mail.subject} » renvoyé` },
          requestId,
        );
        return copy.id;
      });
      onEnqueued?.();
      return get(actor, resultId);
    },

    /** Removes a mail from the screen (kept in the database for the record). */
    async remove(actor: Actor, id: string, requestId?: string) {
      const { mail } = await load(actor, id, "delete");
      await db.transaction(async (tx) => {
        await repo.markDeleted(tx, id, clock.now());
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
