import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { passwordResets, users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

/** The user signing in or asking for a link: the identifier is compared without case. */
export async function findUserByIdentifier(db: Executor, identifier: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.identifier})`, identifier.toLowerCase()))
    .limit(1);
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function recordLogin(tx: Executor, userId: string, at: Date): Promise<void> {
  await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/**
 * Sets a user's password hash and bumps the version (no version compared: the user proved who they
 * are). With `activeOnly`, an inactive account is left as it is and nothing is returned.
 */
export async function savePasswordHash(
  tx: Executor,
  userId: string,
  passwordHash: string,
  at: Date,
  options: { activeOnly?: boolean; provisional?: boolean } = {},
): Promise<UserRow | undefined> {
  // A password chosen by its owner ends the obligation to replace a provisional one; one made by an
  // administrator (provisional) starts it.
  const mustChangePassword = options.provisional ?? false;
  const [user] = await tx
    .update(users)
    .set({ passwordHash, mustChangePassword, version: sql`${users.version} + 1`, updatedAt: at })
    .where(options.activeOnly ? and(eq(users.id, userId), eq(users.active, true)) : eq(users.id, userId))
    .returning();
  return user;
}

export async function insertPasswordReset(
  tx: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResets).values(values);
}

/** The user of a link that is unused, unexpired and belongs to an active account. */
export async function findPendingReset(db: Executor, tokenHash: string, now: Date) {
  const [pending] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return pending;
}

/**
 * Voids every reset link of a user still waiting (a password was just chosen, or the account closed): a link
 * mailed earlier must not set another password afterwards. Called in the transaction that changes it.
 */
export async function voidPendingResets(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Uses a link up; of two parallel uses, one gets the row and the other nothing. */
export async function useUpReset(tx: Executor, tokenHash: string, now: Date) {
  const [reset] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning();
  return reset;
}
