import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { mailGroups } from "../../db/schema/index.js";

export const listGroups = (db: Executor) => db.select().from(mailGroups).orderBy(asc(mailGroups.name));

export async function insertGroup(tx: Executor, values: typeof mailGroups.$inferInsert) {
  const [created] = await tx.insert(mailGroups).values(values).returning();
  if (!created) throw new Error("group not created");
  return created;
}

export async function deleteGroup(tx: Executor, id: string) {
  const [removed] = await tx.delete(mailGroups).where(eq(mailGroups.id, id)).returning();
  return removed;
}
