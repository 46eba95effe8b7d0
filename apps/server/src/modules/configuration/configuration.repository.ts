import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { configuration } from "../../db/schema/index.js";

export type ConfigurationRow = typeof configuration.$inferSelect;

/** The one configuration row (created at start-up by ensureConfiguration). */
export async function currentRow(db: Executor): Promise<ConfigurationRow | undefined> {
  const [row] = await db.select().from(configuration).limit(1);
  return row;
}

export async function ensureConfiguration(db: Executor): Promise<void> {
  const [row] = await db.select({ id: configuration.id }).from(configuration).limit(1);
  if (!row) await db.insert(configuration).values({ companyName: "Certidesk" });
}

/** The logo replaces the previous one whatever the version read (last upload wins), and bumps the version. */
export async function saveLogo(tx: Executor, id: string, logo: { data: Buffer; mime: string; at: Date }) {
  const [saved] = await tx
    .update(configuration)
    .set({
      logoData: logo.data,
      logoMime: logo.mime,
      logoUpdatedAt: logo.at,
      version: sql`${configuration.version} + 1`,
    })
    .where(eq(configuration.id, id))
    .returning();
  return saved;
}
