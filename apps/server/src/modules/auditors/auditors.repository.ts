import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { auditors } from "../../db/schema/index.js";

export async function findAuditor(db: Executor, id: string) {
  const [auditor] = await db.select().from(auditors).where(eq(auditors.id, id)).limit(1);
  return auditor;
}
