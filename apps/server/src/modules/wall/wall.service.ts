import type { WallAudience, WallPage } from "@certidesk/shared";
import type { Database, Executor } from "../../db/client.js";
import { wallComments, wallPosts } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { writeAudit } from "../../lib/audit.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import { notFound, staleVersion, unprocessable } from "../../lib/errors.js";
import { authorize, granted } from "../../lib/policy.js";
import { versionedUpdate } from "../../lib/versioned-update.js";
import type { DocumentLinks } from "../documents/index.js";
import { wallCommentResource, wallPostResource } from "./wall.policy.js";
import {
  attachableDocuments,
  countUnread,
  deleteComment,
  deletePost,
  findComment,
  findPost,
  insertComment,
  insertPost,
  listPosts,
  loadPostDetails,
  markRead,
  replaceAttachments,
} from "./wall.repository.js";
import { toPostView } from "./wall-post-view.js";

interface PostInput {
  title: string | null;
  text: string;
  audience: WallAudience[];
  pinned: boolean;
  documentIds: string[];
}

const excerpt = (post: { title: string | null; text: string }) => {
  const head = post.title ?? post.text;
  return head.length > 60 ? `${head.slice(0, 60)}…` : head;
};

/**
 * Attachments are documents of the general library only: a post addressed to every evaluator must
 * not hand out one evaluator's file, a client's report or a personnel file (docs/permissions.md).
 */
async function checkAttachments(tx: Executor, actor: Actor, ids: string[]) {
  if (ids.length === 0) return;
  const found = await attachableDocuments(tx, ids);
  const usable = new Set(found.filter((d) => d.family === "GENERAL").map((d) => d.id));
  const missing = ids.filter((id) => !usable.has(id));
  if (missing.length > 0 || !granted(actor, "CERTMANAGER_DOCUMENT", "read"))
    throw unprocessable("Pièce jointe introuvable : choisissez un document de la bibliothèque générale.", [
      { path: "body.documentIds", message: "Pièce jointe introuvable dans la bibliothèque générale." },
    ]);
}

/** The wall: posts, comments and read receipts, each write in one transaction with its audit entry. */
export function createWallService({
  db,
  links,
  clock = systemClock,
}: {
  db: Database;
  links: DocumentLinks;
  clock?: Clock;
}) {
  async function loadReadable(
    tx: Executor,
    actor: Actor,
    id: string,
    action: "read" | "update" | "delete" | "comment",
  ) {
    const post = await findPost(tx, id);
    if (!post) throw notFound(wallPostResource.notFound);
    authorize(actor, action, wallPostResource, post);
    return post;
  }

  async function loadComment(tx: Executor, actor: Actor, id: string, action: "update" | "delete") {
    const found = await findComment(tx, id);
    if (!found) throw notFound(wallCommentResource.notFound);
    authorize(actor, action, wallCommentResource, { authorId: found.comment.authorId, post: found.post });
    return found.comment;
  }

  return {
    async list(actor: Actor, page: { page: number; pageSize: number }): Promise<WallPage> {
      const { rows, total } = await listPosts(db, actor, page);
      const details = await loadPostDetails(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => toPostView(actor, row, details, links)),
        total,
        ...page,
        canCreate: granted(actor, "WALL", "create"),
        canPin: granted(actor, "WALL", "update"),
      };
    },

    async unreadCount(actor: Actor) {
      return { count: await countUnread(db, actor) };
    },

    async create(actor: Actor, input: PostInput, requestId?: string) {
      if (input.pinned) authorize(actor, "pin", wallPostResource, { authorId: actor.userId, audience: input.audience });
      return db.transaction(async (tx) => {
        await checkAttachments(tx, actor, input.documentIds);
        const now = clock.now();
        const row = await insertPost(tx, {
          title: input.title,
          text: input.text,
          audience: input.audience,
          pinned: input.pinned,
          authorId: actor.userId,
          authorLabel: actor.label,
          createdAt: now,
          updatedAt: now,
        });
        await replaceAttachments(tx, row.id, input.documentIds);
        // The author has read what they wrote: it never counts as unread for them.
        await markRead(tx, row.id, actor.userId, now);
        await writeAudit(
          tx,
          actor,
          { action: "create", entityType: "wallPost", entityId: row.id, summary: `Publication « ${excerpt(row)} »` },
          requestId,
        );
        return { id: row.id, version: row.version };
      });
    },

    async update(actor: Actor, id: string, input: PostInput & { version: number }, requestId?: string) {
      const saved = await versionedUpdate({
        db,
        table: wallPosts,
        id,
        version: input.version,
        actor,
        entityType: "wallPost",
        clock,
        requestId,
        authorize: { resource: wallPostResource, action: "update" },
        apply: async (tx, current) => {
          // Changing the pin is an announcement decision: only who may pin; keeping it as is is always fine.
          if (input.pinned !== current.pinned) authorize(actor, "pin", wallPostResource, current);
          await checkAttachments(tx, actor, input.documentIds);
          await replaceAttachments(tx, id, input.documentIds);
          return {
            values: {
              title: input.title,
              text: input.text,
              audience: input.audience,
              pinned: input.pinned,
            },
            summary: `Publication « ${excerpt(input)} » modifiée`,
            changes: true,
          };
        },
      });
      return { id: saved.id, version: saved.version };
    },

    async remove(actor: Actor, id: string, version: number, requestId?: string) {
      await db.transaction(async (tx) => {
        const post = await loadReadable(tx, actor, id, "delete");
        if (post.version !== version) throw staleVersion();
        if (!(await deletePost(tx, id, version))) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          {
            action: "delete",
            entityType: "wallPost",
            entityId: id,
            summary: `Publication « ${excerpt(post)} » supprimée`,
          },
          requestId,
        );
      });
      return { ok: true as const };
    },

    async addComment(actor: Actor, postId: string, text: string, requestId?: string) {
      return db.transaction(async (tx) => {
        const post = await loadReadable(tx, actor, postId, "comment");
        const now = clock.now();
        const row = await insertComment(tx, {
          postId,
          text,
          authorId: actor.userId,
          authorLabel: actor.label,
          createdAt: now,
          updatedAt: now,
        });
        await writeAudit(
          tx,
          actor,
          {
            action: "create",
            entityType: "wallComment",
            entityId: row.id,
            summary: `Commentaire sur « ${excerpt(post)} »`,
          },
          requestId,
        );
        return { id: row.id, version: row.version };
      });
    },

    async updateComment(actor: Actor, id: string, input: { text: string; version: number }, requestId?: string) {
      const saved = await versionedUpdate({
        db,
        table: wallComments,
        id,
        version: input.version,
        actor,
        entityType: "wallComment",
        clock,
        requestId,
        authorize: {
          resource: wallCommentResource,
          action: "update",
          record: async (tx, current) => {
            const post = await findPost(tx, current.postId);
            return { authorId: current.authorId, post: post ?? { authorId: null, audience: [] } };
          },
        },
        apply: () => ({ values: { text: input.text }, summary: "Commentaire modifié", changes: true }),
      });
      return { id: saved.id, version: saved.version };
    },

    async removeComment(actor: Actor, id: string, version: number, requestId?: string) {
      await db.transaction(async (tx) => {
        const comment = await loadComment(tx, actor, id, "delete");
        if (comment.version !== version) throw staleVersion();
        if (!(await deleteComment(tx, id, version))) throw staleVersion();
        await writeAudit(
          tx,
          actor,
          { action: "delete", entityType: "wallComment", entityId: id, summary: "Commentaire supprimé" },
          requestId,
        );
      });
      return { ok: true as const };
    },

    /** "Lu par": the first reading is kept; reading again changes nothing. Not audited: it changes no content. */
    async markRead(actor: Actor, id: string) {
      await loadReadable(db, actor, id, "read");
      await markRead(db, id, actor.userId, clock.now());
      return { ok: true as const };
    },
  };
}
export type WallService = ReturnType<typeof createWallService>;
