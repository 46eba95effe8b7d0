import {
  formatRelanceDate,
  isStaffProfile,
  type Timeline,
  type TimelineItem,
  type TimelineKind,
} from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { notFound } from "../../lib/errors.js";
import { setClientFollowUp } from "../clients/index.js";
import type { DocumentLinks } from "../documents/index.js";
import { setRequestFollowUp } from "../prospects/index.js";
import { insertEntry, readTimeline, type TimelineRow, type TimelineTarget, targetOf } from "./timeline.repository.js";

const MAIL_STATUS: Record<string, string> = {
  SENT: "E-mail envoyé",
  QUEUED: "E-mail en attente d'envoi",
  FAILED: "E-mail en échec",
};

function kindOf(source: string): TimelineKind {
  if (source === "COMMENT") return "COMMENT";
  if (source === "FOLLOW_UP_SET") return "FOLLOW_UP";
  if (source === "FOLLOW_UP_CLEARED") return "FOLLOW_UP_CLEARED";
  if (source === "MAIL") return "MAIL";
  if (source === "DOCUMENT") return "DOCUMENT";
  if (source === "AUDIT_create") return "CREATION";
  if (source === "AUDIT_status") return "STATUS";
  return "CHANGE";
}

function toItem(row: TimelineRow, links: DocumentLinks): TimelineItem {
  const kind = kindOf(row.source);
  const titles: Record<TimelineKind, () => string> = {
    COMMENT: () => "Commentaire",
    FOLLOW_UP: () => `Relance prévue le ${formatRelanceDate(row.follow_up)}`,
    FOLLOW_UP_CLEARED: () => "Relance levée",
    CREATION: () => row.summary ?? "",
    STATUS: () => row.summary ?? "",
    CHANGE: () => row.summary ?? "",
    MAIL: () => `${MAIL_STATUS[row.mail_status ?? ""] ?? "E-mail"} : ${row.mail_subject ?? ""}`,
    DOCUMENT: () => `Document ajouté : ${row.doc_name ?? ""}`,
  };
  return {
    id: row.id,
    kind,
    occurredAt: row.at,
    authorLabel: row.author,
    title: titles[kind](),
    text: row.body,
    followUpDate: row.follow_up,
    mail: row.mail_subject ? { subject: row.mail_subject, to: row.mail_to ?? [], status: row.mail_status ?? "" } : null,
    document: row.doc_id ? { id: row.doc_id, name: row.doc_name ?? "", url: links.url(row.doc_id, "view") } : null,
  };
}

/**
 * The timeline of a client or a prospect: comments and follow-ups written here, and what the audit
 * log, the outbox and the library know about it. Internal to the staff: others get 404.
 */
export function createTimelineService({ db, links }: { db: Database; links: DocumentLinks }) {
  async function target(actor: Actor, t: TimelineTarget, tx: Executor = db) {
    if (!isStaffProfile(actor.profileType)) throw notFound();
    const row = await targetOf(tx, t);
    if (!row) throw notFound(t.kind === "client" ? "Client introuvable." : "Demande introuvable.");
    return { label: t.kind === "client" ? row.name : `la demande ${row.name}`, dateRelance: row.dateRelance };
  }
  const owner = (t: TimelineTarget) => (t.kind === "client" ? { clientId: t.id } : { requestId: t.id });

  return {
    async read(actor: Actor, t: TimelineTarget, page: number, pageSize: number): Promise<Timeline> {
      const { dateRelance } = await target(actor, t);
      const { rows, total } = await readTimeline(db, t, page, pageSize);
      return { items: rows.map((r) => toItem(r, links)), total, page, pageSize, dateRelance };
    },

    async addComment(actor: Actor, t: TimelineTarget, text: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const { label } = await target(actor, t, tx);
        await insertEntry(tx, { ...owner(t), kind: "COMMENT", text, authorId: actor.userId, authorLabel: actor.label });
        await writeAudit(
          tx,
          actor,
          { action: "create", entityType: "timeline", entityId: t.id, summary: `Commentaire ajouté sur ${label}` },
          requestId,
        );
      });
      return { ok: true as const };
    },

    /** Sets or clears the follow-up date (last write wins): the list's "Relance" column and the comment button follow it. */
    async setFollowUp(
      actor: Actor,
      t: TimelineTarget,
      input: { dateRelance: string | null; comment: string | null },
      requestId?: string,
    ) {
      await db.transaction(async (tx) => {
        const { label } = await target(actor, t, tx);
        if (t.kind === "client") await setClientFollowUp(tx, t.id, input.dateRelance);
        else await setRequestFollowUp(tx, t.id, input.dateRelance);
        await insertEntry(tx, {
          ...owner(t),
          kind: input.dateRelance ? "FOLLOW_UP_SET" : "FOLLOW_UP_CLEARED",
          followUpDate: input.dateRelance,
          text: input.comment,
          authorId: actor.userId,
          authorLabel: actor.label,
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "update",
            entityType: "timeline",
            entityId: t.id,
            summary: input.dateRelance
              ? `Relance du ${formatRelanceDate(input.dateRelance)} prévue sur ${label}`
              : `Relance levée sur ${label}`,
          },
          requestId,
        );
      });
      return { ok: true as const };
    },
  };
}
export type TimelineService = ReturnType<typeof createTimelineService>;
