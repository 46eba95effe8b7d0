import { withoutBidiControls } from "@certidesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Database, Executor } from "../../db/client.js";
import { mailAttachments, mailOutbox } from "../../db/schema/index.js";
import type { DocumentsService } from "../documents/index.js";
import * as repo from "./mail.repository.js";
import { textToHtml } from "./template-renderer.js";

export interface MailWorkerDeps {
  db: Database;
  documents: DocumentsService;
  /** SMTP server URL; without it mails wait in the outbox ("non envoyé"). */
  smtpUrl: string | undefined;
  from: string;
  intervalMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => number;
  /**
   * What other modules do when a mail has left, in the transaction that marks it sent (an invoice becomes
   * "sent" then, not when its mail was queued). Injected by app.ts: the mail module knows no other module.
   */
  onSent?: Array<(tx: Executor, mail: SentMail) => Promise<void>>;
}

/** A mail the SMTP server accepted, as the `onSent` hooks see it. */
export type SentMail = typeof mailOutbox.$inferSelect & { sentAt: Date };

const BATCH = 20;
const MAX_DELAY_MS = 60 * 60_000;

/** Back-off after the n-th failed attempt: 1, 2, 4… minutes, capped at one hour. Mails are never dropped. */
export const retryDelayMs = (attempts: number) => Math.min(MAX_DELAY_MS, 60_000 * 2 ** Math.max(0, attempts - 1));

export function createMailWorker({
  db,
  documents,
  smtpUrl,
  from,
  intervalMs = 5_000,
  log,
  now = Date.now,
  onSent = [],
}: MailWorkerDeps) {
  // nodemailer is loaded by the first mail to send, not at start (nor ever, without SMTP).
  let transport: Transporter | null = null;
  const openTransport = async () => {
    if (transport || !smtpUrl) return transport;
    const { default: nodemailer } = await import("nodemailer");
    transport ??= nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return transport;
  };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /**
   * The mail is marked sent with what other modules do then (onSent), in one transaction. A hook that fails
   * must not make the worker send the mail again: the mail is then marked sent alone and the failure logged.
   */
  async function markSent(mail: typeof mailOutbox.$inferSelect, sent: { sentAt: Date; messageId: string }) {
    const values = {
      status: "SENT",
      sentAt: sent.sentAt,
      attempts: mail.attempts + 1,
      lastError: null,
      messageId: sent.messageId,
      updatedAt: new Date(),
    };
    try {
      await db.transaction(async (tx) => {
        await tx.update(mailOutbox).set(values).where(eq(mailOutbox.id, mail.id));
        for (const hook of onSent) await hook(tx, { ...mail, sentAt: sent.sentAt });
      });
    } catch (error) {
      log?.warn({ mailId: mail.id, err: (error as Error).message }, "e-mail envoyé, suite de l'envoi en échec");
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, mail.id));
    }
  }

  async function sendOne(id: string) {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail || !transport) return false;
    try {
      const files = await db.select().from(mailAttachments).where(eq(mailAttachments.mailId, id));
      const attachments = await Promise.all(
        files.map(async (f) => {
          const file = await documents.readForAttachment(f.documentId);
          // A name stored before bidirectional controls were removed from file names is cleaned here too.
          return { filename: withoutBidiControls(f.fileName), content: file.data, contentType: file.mimeType };
        }),
      );
      const info = await transport.sendMail({
        from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.body,
        html: textToHtml(mail.body),
        attachments,
      });
      await markSent(mail, { sentAt: new Date(now()), messageId: info.messageId });
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          status: "FAILED",
          attempts,
          lastError: (error as Error).message.slice(0, 500),
          nextAttemptAt: new Date(now() + retryDelayMs(attempts)),
          updatedAt: new Date(),
        })
        .where(eq(mailOutbox.id, id));
      log?.warn(
        { mailId: id, attempts, err: (error as Error).message },
        "envoi d'e-mail en échec, nouvel essai programmé",
      );
      return false;
    }
  }

  /** Sends what is due now; returns how many left. */
  async function processDue(): Promise<number> {
    if (!(await openTransport())) return 0;
    await repo.releaseStaleSending(db, 10 * 60_000);
    const claimed = await repo.claimDueMails(db, BATCH);
    let sent = 0;
    for (const { id } of claimed) if (await sendOne(id)) sent++;
    return sent;
  }

  // Once stopped (shutdown), a request finishing late cannot wake the worker against a closing pool:
  // its mail waits in the outbox for the next server.
  let stopped = false;
  const tick = () => {
    if (stopped) return Promise.resolve(0);
    running ??= processDue()
      .catch((error) => {
        log?.warn({ err: (error as Error).message }, "file d'envoi des e-mails");
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    configured: !!smtpUrl,
    processDue: tick,
    /** Makes every waiting mail due now (used when SMTP comes back, and by "Renvoyer"). */
    async retryAllNow() {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(sql`${mailOutbox.status} in ('QUEUED','FAILED')`);
      return tick();
    },
    start() {
      if (!smtpUrl || timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };
}
export type MailWorker = ReturnType<typeof createMailWorker>;
