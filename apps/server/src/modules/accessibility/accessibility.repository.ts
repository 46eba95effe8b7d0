import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { accessibilityStatement } from "../../db/schema/index.js";

export type StatementRow = typeof accessibilityStatement.$inferSelect;

/** The one row (written by migration 0072; made again with its defaults if a restore left it out). */
export async function statementRow(db: Executor): Promise<StatementRow> {
  const [row] = await db.select().from(accessibilityStatement).where(eq(accessibilityStatement.id, 1));
  if (row) return row;
  await db.insert(accessibilityStatement).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(accessibilityStatement).where(eq(accessibilityStatement.id, 1));
  if (!created) throw new Error("accessibility statement row missing");
  return created;
}
