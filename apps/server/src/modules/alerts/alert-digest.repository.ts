import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { alertDigestSeen, alertDigestSettings, alertDigests, users } from "../../db/schema/index.js";
import type { IsoDate } from "../../lib/clock.js";

export const digestSettingsTable = alertDigestSettings;

/** The digest's settings row (created with its default on first read). */
export async function loadDigestSettings(db: Executor) {
  const read = async () => (await db.select().from(alertDigestSettings).where(eq(alertDigestSettings.id, 1)))[0];
  const row =
    (await read()) ??
    (await db.insert(alertDigestSettings).values({ id: 1 }).onConflictDoNothing().returning())[0] ??
    (await read());
  if (!row) throw new Error("alert digest settings missing");
  return row;
}

/** Active staff users who opted in, have an address and have no digest for `day` yet. */
export function recipientsDue(db: Executor, day: IsoDate) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileType: users.profileType,
      auditorId: users.auditorId,
      clientId: users.clientId,
    })
    .from(users)
    .where(
      and(
        eq(users.alertDigest, true),
        eq(users.active, true),
        isNotNull(users.email),
        notInArray(users.profileType, ["AUDITEUR", "MYQUALIANOR"]),
        sql`not exists (select 1 from ${alertDigests} d where d.user_id = ${users.id} and d.day = ${day}::date)`,
      ),
    )
    .orderBy(users.id);
}

/**
 * Claims the (user, day) digest: true for the one transaction that inserted it. On PostgreSQL a
 * second server's insert waits for the first to commit, then finds the row and gets false.
 */
export async function claimDigest(tx: Executor, userId: string, day: IsoDate, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(alertDigests)
    .values({ userId, day, alertCount: 0, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: alertDigests.userId });
  return rows.length > 0;
}

export async function recordDigest(
  tx: Executor,
  userId: string,
  day: IsoDate,
  alertCount: number,
  mailId: string | null,
) {
  await tx
    .update(alertDigests)
    .set({ alertCount, mailId })
    .where(and(eq(alertDigests.userId, userId), eq(alertDigests.day, day)));
}

/**
 * Keeps the user's listed keys in step with the alerts current now: drops those gone, adds the new
 * ones. Answers which of `current` are new (not listed by an earlier digest).
 */
export async function takeNewKeys(tx: Executor, userId: string, current: string[], day: IsoDate): Promise<Set<string>> {
  const seen = new Set(
    (
      await tx.select({ key: alertDigestSeen.alertKey }).from(alertDigestSeen).where(eq(alertDigestSeen.userId, userId))
    ).map((r) => r.key),
  );
  const gone = [...seen].filter((k) => !current.includes(k));
  const fresh = current.filter((k) => !seen.has(k));
  for (let i = 0; i < gone.length; i += 1000)
    await tx
      .delete(alertDigestSeen)
      .where(and(eq(alertDigestSeen.userId, userId), inArray(alertDigestSeen.alertKey, gone.slice(i, i + 1000))));
  for (let i = 0; i < fresh.length; i += 1000)
    await tx
      .insert(alertDigestSeen)
      .values(fresh.slice(i, i + 1000).map((alertKey) => ({ userId, alertKey, day })))
      .onConflictDoNothing();
  return new Set(fresh);
}

export async function userPreference(db: Executor, userId: string) {
  const [row] = await db.select({ alertDigest: users.alertDigest }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function setUserPreference(tx: Executor, userId: string, alertDigest: boolean, now: Date) {
  await tx.update(users).set({ alertDigest, updatedAt: now }).where(eq(users.id, userId));
}
