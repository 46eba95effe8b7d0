import { and, asc, count, desc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { documents, users, wallComments, wallPostDocuments, wallPosts, wallReads } from "../../db/schema/index.js";
import type { Actor } from "../../lib/actor.js";
import { offsetOf, type PageRequest } from "../../lib/pagination.js";
import { readableWhere } from "./wall.policy.js";

export type WallPostRow = typeof wallPosts.$inferSelect;
export type WallCommentRow = typeof wallComments.$inferSelect;

/** One page of the posts the actor may read, pinned announcements first, then the newest. */
export async function listPosts(db: Executor, actor: Actor, page: PageRequest) {
  const where = readableWhere(actor);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(wallPosts)
      .where(where)
      .orderBy(desc(wallPosts.pinned), desc(wallPosts.createdAt), desc(wallPosts.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(wallPosts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** What the page's posts carry: attachments, comments and readers, three queries for the whole page. */
export async function loadPostDetails(db: Executor, postIds: string[]) {
  if (postIds.length === 0) return { attachments: [], comments: [], reads: [] };
  const [attachments, comments, reads] = await Promise.all([
    db
      .select({ postId: wallPostDocuments.postId, id: documents.id, name: documents.name })
      .from(wallPostDocuments)
      .innerJoin(documents, eq(documents.id, wallPostDocuments.documentId))
      .where(and(inArray(wallPostDocuments.postId, postIds), isNull(documents.deletedAt)))
      .orderBy(asc(wallPostDocuments.position)),
    db
      .select()
      .from(wallComments)
      .where(inArray(wallComments.postId, postIds))
      .orderBy(asc(wallComments.createdAt), asc(wallComments.id)),
    db
      .select({
        postId: wallReads.postId,
        userId: wallReads.userId,
        readAt: wallReads.readAt,
        label: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      })
      .from(wallReads)
      .innerJoin(users, eq(users.id, wallReads.userId))
      .where(inArray(wallReads.postId, postIds))
      .orderBy(asc(wallReads.readAt)),
  ]);
  return { attachments, comments, reads };
}

/** Posts the actor may read and has not read yet (their own do not count). */
export async function countUnread(db: Executor, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(wallPosts)
    .where(
      and(
        readableWhere(actor),
        sql`${wallPosts.authorId} is distinct from ${actor.userId}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(wallReads)
            .where(and(eq(wallReads.postId, wallPosts.id), eq(wallReads.userId, actor.userId))),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function findPost(db: Executor, id: string) {
  const [row] = await db.select().from(wallPosts).where(eq(wallPosts.id, id));
  return row;
}

export async function findComment(db: Executor, id: string) {
  const [row] = await db
    .select({ comment: wallComments, post: wallPosts })
    .from(wallComments)
    .innerJoin(wallPosts, eq(wallPosts.id, wallComments.postId))
    .where(eq(wallComments.id, id));
  return row;
}

/** The library documents that may be attached: existing, not deleted, and of the general family. */
export async function attachableDocuments(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, family: documents.family })
    .from(documents)
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
}

export async function replaceAttachments(db: Executor, postId: string, documentIds: string[]) {
  await db.delete(wallPostDocuments).where(eq(wallPostDocuments.postId, postId));
  if (documentIds.length > 0)
    await db
      .insert(wallPostDocuments)
      .values(documentIds.map((documentId, position) => ({ postId, documentId, position })));
}

export async function markRead(db: Executor, postId: string, userId: string, at: Date) {
  await db.insert(wallReads).values({ postId, userId, readAt: at }).onConflictDoNothing();
}

export async function insertPost(db: Executor, values: typeof wallPosts.$inferInsert) {
  const [row] = await db.insert(wallPosts).values(values).returning();
  if (!row) throw new Error("wall post not inserted");
  return row;
}

/** Deletes the post at the version read (comments, attachments and reads go with it); false when it changed. */
export async function deletePost(db: Executor, id: string, version: number): Promise<boolean> {
  const gone = await db
    .delete(wallPosts)
    .where(and(eq(wallPosts.id, id), eq(wallPosts.version, version)))
    .returning({ id: wallPosts.id });
  return gone.length > 0;
}

export async function insertComment(db: Executor, values: typeof wallComments.$inferInsert) {
  const [row] = await db.insert(wallComments).values(values).returning();
  if (!row) throw new Error("wall comment not inserted");
  return row;
}

export async function deleteComment(db: Executor, id: string, version: number): Promise<boolean> {
  const gone = await db
    .delete(wallComments)
    .where(and(eq(wallComments.id, id), eq(wallComments.version, version)))
    .returning({ id: wallComments.id });
  return gone.length > 0;
}
