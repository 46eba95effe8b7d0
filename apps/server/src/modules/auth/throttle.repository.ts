import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { throttleCounters } from "../../db/schema/index.js";

export interface CounterHit {
  key: string;
  hits: number;
  expiresAt: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one hit on each key, atomically (one upsert: two servers hitting the same key at once both
 * count): a counter whose window has passed starts again at 1 with a new window ending at `until`.
 */
export async function hitCounters(db: Executor, hits: Array<{ key: string; until: Date }>, now: Date) {
  if (hits.length === 0) return [];
  const rows = await db
    .insert(throttleCounters)
    .values(hits.map((h) => ({ key: h.key, hits: 1, expiresAt: h.until })))
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        hits: sql`case when ${throttleCounters.expiresAt} <= ${at(now)} then 1 else ${throttleCounters.hits} + 1 end`,
        expiresAt: sql`case when ${throttleCounters.expiresAt} <= ${at(now)} then excluded.expires_at else ${throttleCounters.expiresAt} end`,
      },
    })
    .returning();
  return rows.map((r): CounterHit => ({ key: r.key, hits: r.hits, expiresAt: r.expiresAt }));
}

/** Takes back hits counted earlier, in the same window only (a new window has already forgotten them). */
export async function unhitCounters(db: Executor, hits: readonly CounterHit[]) {
  for (const hit of hits) {
    await db
      .update(throttleCounters)
      .set({ hits: sql`${throttleCounters.hits} - 1` })
      .where(
        and(
          eq(throttleCounters.key, hit.key),
          eq(throttleCounters.expiresAt, hit.expiresAt),
          gt(throttleCounters.hits, 0),
        ),
      );
  }
}

export async function deleteCounters(db: Executor, keys: string[]) {
  if (keys.length) await db.delete(throttleCounters).where(inArray(throttleCounters.key, keys));
}

/** A mark valid until `until` (a known sign-in address): set, or pushed back. */
export async function setMark(db: Executor, key: string, until: Date) {
  await db
    .insert(throttleCounters)
    .values({ key, hits: 1, expiresAt: until })
    .onConflictDoUpdate({ target: throttleCounters.key, set: { hits: 1, expiresAt: until } });
}

export async function hasMark(db: Executor, key: string, now: Date) {
  const [row] = await db
    .select({ key: throttleCounters.key })
    .from(throttleCounters)
    .where(and(eq(throttleCounters.key, key), gt(throttleCounters.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/** Rows whose window or mark has passed. */
export async function deleteExpiredCounters(db: Executor, now: Date) {
  await db.delete(throttleCounters).where(lte(throttleCounters.expiresAt, now));
}
