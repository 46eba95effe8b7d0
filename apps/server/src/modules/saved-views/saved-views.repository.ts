import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { savedViews, users } from "../../db/schema/index.js";

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewValues = Pick<SavedViewRow, "name" | "query" | "columns" | "sharedProfileType">;

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The views of one list this user sees: their own, then those shared with their profile, by name. */
export function listVisibleViews(db: Executor, listKey: string, userId: string, profileType: string) {
  return db
    .select({ view: savedViews, ownerName })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(
      and(
        eq(savedViews.listKey, listKey),
        or(eq(savedViews.ownerId, userId), eq(savedViews.sharedProfileType, profileType)),
      ),
    )
    .orderBy(sql`${savedViews.ownerId} <> ${userId}`, asc(savedViews.name), asc(savedViews.id));
}

export async function findViewForUpdate(tx: Executor, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await tx.select().from(savedViews).where(eq(savedViews.id, id)).for("update");
  return row;
}

/** Another view of this owner and list already bearing this name (the unique key, told in French). */
export async function nameTaken(tx: Executor, ownerId: string, listKey: string, name: string, exceptId?: string) {
  const rows = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.listKey, listKey), eq(savedViews.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertView(tx: Executor, values: SavedViewValues & { ownerId: string; listKey: string }) {
  const [row] = await tx.insert(savedViews).values(values).returning();
  return row;
}

export async function deleteView(tx: Executor, id: string) {
  await tx.delete(savedViews).where(eq(savedViews.id, id));
}
