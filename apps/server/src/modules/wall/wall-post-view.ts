import type { WallAudience, WallPost } from "@certidesk/shared";
import type { Actor } from "../../lib/actor.js";
import { abilities, can } from "../../lib/policy.js";
import type { DocumentLinks } from "../documents/index.js";
import { wallCommentResource, wallPostResource } from "./wall.policy.js";
import type { loadPostDetails, WallCommentRow, WallPostRow } from "./wall.repository.js";

type PostDetails = Awaited<ReturnType<typeof loadPostDetails>>;

/** Saved a second or more after it was written: shown "(modifié)". */
const edited = (row: { createdAt: Date; updatedAt: Date }) => row.updatedAt.getTime() - row.createdAt.getTime() > 1000;

/**
 * A post as the screen gets it: its attachments as signed links, its comments and readers, and what
 * the actor may do with each (the screen hides the rest; the server decides anyway).
 */
export function toPostView(actor: Actor, row: WallPostRow, details: PostDetails, links: DocumentLinks): WallPost {
  const comments = details.comments.filter((c) => c.postId === row.id);
  const reads = details.reads.filter((r) => r.postId === row.id);
  const record = { authorId: row.authorId, audience: row.audience };
  const { update, delete: remove, comment, pin } = abilities(actor, wallPostResource, record);
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    text: row.text,
    pinned: row.pinned,
    audience: row.audience as WallAudience[],
    author: { id: row.authorId, label: row.authorLabel },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: edited(row),
    attachments: details.attachments
      .filter((a) => a.postId === row.id)
      .map((a) => ({ id: a.id, name: a.name, url: links.url(a.id, "view") })),
    comments: comments.map((c: WallCommentRow) => ({
      id: c.id,
      version: c.version,
      text: c.text,
      author: { id: c.authorId, label: c.authorLabel },
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      edited: edited(c),
      abilities: {
        update: can(actor, "update", wallCommentResource, { authorId: c.authorId, post: record }),
        delete: can(actor, "delete", wallCommentResource, { authorId: c.authorId, post: record }),
      },
    })),
    readBy: reads.map((r) => ({ userId: r.userId, label: r.label, readAt: r.readAt.toISOString() })),
    readByMe: reads.some((r) => r.userId === actor.userId),
    abilities: { update, delete: remove, comment, pin },
  };
}
