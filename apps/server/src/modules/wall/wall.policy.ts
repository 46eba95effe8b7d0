import { isStaffProfile } from "@certidesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { wallPosts } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { allow, defineResource, granted } from "../../lib/policy.js";

/** What the wall's rules look at: who wrote it and to whom it is addressed. */
export interface WallPostRecord {
  authorId: string | null;
  audience: string[];
}
export interface WallCommentRecord {
  authorId: string | null;
  post: WallPostRecord;
}

const isAuthor = (actor: Actor, record: { authorId: string | null }) => record.authorId === actor.userId;

/** The actor's profile is named in the audience: "addressed to you" (evaluators read these without WALL). */
const named = (actor: Actor, post: WallPostRecord) => post.audience.includes(actor.profileType);

/** A post is addressed to the actor: their profile, the whole staff for a staff member, or their own post. */
export const addressedTo = (actor: Actor, post: WallPostRecord) =>
  isAuthor(actor, post) || named(actor, post) || (post.audience.includes("STAFF") && isStaffProfile(actor.profileType));

/**
 * The wall's rules (docs/permissions.md, "Mur"). Outside the audience a post answers 404. Reading
 * needs WALL read, or the post naming the actor's profile (the evaluator space's news); writing
 * follows the WALL grants, and an author always edits and deletes their own post or comment.
 * Pinning (an announcement) needs WALL update: whoever may edit everyone's posts.
 */
export const wallPostResource = defineResource<WallPostRecord>()({
  name: "wallPost",
  actions: ["read", "update", "delete", "comment", "pin"],
  notFound: "Publication introuvable.",
  scope: addressedTo,
});
allow(wallPostResource, "read", (actor, post) => granted(actor, "WALL", "read") || named(actor, post));
allow(wallPostResource, "read", isAuthor);
allow(wallPostResource, "update", (actor, post) => isAuthor(actor, post) || granted(actor, "WALL", "update"));
allow(wallPostResource, "delete", (actor, post) => isAuthor(actor, post) || granted(actor, "WALL", "delete"));
allow(wallPostResource, "comment", (actor) => granted(actor, "WALL", "create"));
allow(wallPostResource, "pin", (actor) => granted(actor, "WALL", "update"));

export const wallCommentResource = defineResource<WallCommentRecord>()({
  name: "wallComment",
  actions: ["update", "delete"],
  notFound: "Commentaire introuvable.",
  scope: (actor, comment) => addressedTo(actor, comment.post),
});
allow(wallCommentResource, "update", (actor, c) => isAuthor(actor, c) || granted(actor, "WALL", "update"));
allow(wallCommentResource, "delete", (actor, c) => isAuthor(actor, c) || granted(actor, "WALL", "delete"));

/** The list's WHERE: the same rule as the scope and the read right, in SQL. */
export function readableWhere(actor: Actor): SQL {
  const profile = actor.profileType;
  const addressed = isStaffProfile(profile)
    ? sql`(${profile} = ANY(${wallPosts.audience}) OR 'STAFF' = ANY(${wallPosts.audience}))`
    : sql`${profile} = ANY(${wallPosts.audience})`;
  const readable = granted(actor, "WALL", "read") ? addressed : sql`${profile} = ANY(${wallPosts.audience})`;
  return sql`(${wallPosts.authorId} = ${actor.userId} OR ${readable})`;
}
