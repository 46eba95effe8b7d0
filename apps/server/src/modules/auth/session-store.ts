import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { grantRowsJson, grantsFromRows } from "../profiles/index.js";

// Sliding expiry is written at most this often, so reads do not turn every request into a write.
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionStoreDeps {
  db: Database;
  ttlMs: number;
}

export function createSessionStore({ db, ttlMs }: SessionStoreDeps) {
  // Every request runs this lookup: one prepared statement (built once, planned once per connection on
  // PostgreSQL) that also reads the user's grants, instead of two queries built anew each time.
  const lookup = db
    .select({ session: sessions, user: users, grants: grantRowsJson(users.profileType) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare("session_lookup");

  return {
    async create(tx: Executor, userId: string, meta: { userAgent?: string; ip?: string }) {
      const token = newToken();
      const csrfToken = newToken(24);
      const [row] = await tx
        .insert(sessions)
        .values({
          userId,
          tokenHash: hashToken(token),
          csrfToken,
          expiresAt: new Date(Date.now() + ttlMs),
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
        })
        .returning({ id: sessions.id });
      if (!row) throw new Error("session not created");
      return { id: row.id, token, csrfToken };
    },

    /**
     * The live session, its active user and the user's grants for a token, or null (unknown, expired,
     * revoked, user deactivated).
     */
    async resolve(token: string) {
      const now = new Date();
      const [found] = await lookup.execute({ tokenHash: hashToken(token), now });
      if (!found) return null;
      const row = { session: found.session, user: found.user, grants: grantsFromRows(found.grants) };
      if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
          .where(eq(sessions.id, row.session.id));
        // The browser's cookie must follow, or it expires ttl after sign-in whatever the activity.
        return { ...row, extended: true };
      }
      return { ...row, extended: false };
    },

    async revoke(tx: Executor, sessionId: string) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user (deactivation, password change). */
    async revokeAllForUser(tx: Executor, userId: string) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
