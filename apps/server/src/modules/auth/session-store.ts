import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import { hashToken, newToken } from "../../lib/tokens.js";
import { grantRowsJson, grantsFromRows } from "../profiles/index.js";
import { createSessionCache } from "./session-cache.js";

// Sliding expiry is written at most this often, so reads do not turn every request into a write.
const TOUCH_INTERVAL_MS = 60_000;

/** The sliding expiry of a session last written this long ago is written again. */
const dueForTouch = (row: { session: { lastSeenAt: Date } }, now: Date) =>
  now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;

export interface SessionStoreDeps {
  db: Database;
  ttlMs: number;
}

export function createSessionStore({ db, ttlMs }: SessionStoreDeps) {
  // A request whose session is not in the cache runs this lookup: one prepared statement (built once,
  // planned once per connection on PostgreSQL) that also reads the user's grants. It reads what the actor
  // is made of, nothing more (no password hash kept in memory); a column added here must be added to the
  // users trigger of migration 0025_auth_change_notify, or the cache would keep its old value.
  const lookup = db
    .select({
      session: {
        id: sessions.id,
        csrfToken: sessions.csrfToken,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileType: users.profileType,
        auditorId: users.auditorId,
        clientId: users.clientId,
        mustChangePassword: users.mustChangePassword,
      },
      grants: grantRowsJson(users.profileType),
    })
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

  type Row = NonNullable<Awaited<ReturnType<typeof read>>>;
  type Resolved = Row & { extended: boolean };
  // Keyed by the token itself, not its hash: a request whose session is kept costs no SHA-256 (a tenth of
  // what the server's layers cost a list page, docs/performance.md). The hash protects the tokens of a
  // database that leaks; this server's memory holds every token of the requests it serves anyway. The
  // value is the answer itself, built once per entry, so a kept session is not copied at each request.
  const cache = createSessionCache<Resolved>();
  const waiters = new Map<string, () => void>();

  async function read(tokenHash: string, now: Date) {
    const [found] = await lookup.execute({ tokenHash, now });
    if (!found) return null;
    return { session: found.session, user: found.user, grants: grantsFromRows(found.grants) };
  }

  return {
    /** What the database's change notices (db/change-feed.ts) tell the cache. */
    changeHandlers: {
      onNotice: (payload: string) => {
        cache.forgetAll();
        waiters.get(payload)?.();
        waiters.delete(payload);
      },
      onLive: (live: boolean) => cache.setLive(live),
    },

    /**
     * Resolves once this server has heard a notice with this payload. Notices arrive in commit order: a
     * test that wrote sessions, users or grants straight into the database (as another server would) sends
     * one after its change and waits for it here, to know the change has reached this server.
     */
    noticeHeard: (payload: string) => new Promise<void>((resolve) => waiters.set(payload, resolve)),

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
     * What `resolve` would answer, when this server keeps it and it needs no write (most requests): without
     * waiting, so the request goes on in the same turn. Undefined otherwise: then `resolve`.
     */
    kept(token: string): Resolved | undefined {
      const now = new Date();
      const cached = cache.get(token, now);
      return cached && !dueForTouch(cached, now) ? cached : undefined;
    },

    /**
     * The live session, its active user and the user's grants for a token, or null (unknown, expired,
     * revoked, user deactivated).
     */
    async resolve(token: string): Promise<Resolved | null> {
      const now = new Date();
      const generation = cache.begin();
      const cached = cache.get(token, now);
      if (cached && !dueForTouch(cached, now)) return cached;
      const row = cached ?? (await read(hashToken(token), now));
      if (!row) return null;
      if (dueForTouch(row, now)) {
        const expiresAt = new Date(now.getTime() + ttlMs);
        await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.session.id));
        const touched = { ...row, session: { ...row.session, lastSeenAt: now, expiresAt }, extended: false };
        cache.set(token, touched, expiresAt, generation, now);
        // The browser's cookie must follow, or it expires ttl after sign-in whatever the activity.
        return { ...touched, extended: true };
      }
      const resolved = { ...row, extended: false };
      cache.set(token, resolved, row.session.expiresAt, generation, now);
      return resolved;
    },

    // Revocations empty this server's cache at once; the others' when the commit's notice reaches them.
    async revoke(tx: Executor, sessionId: string) {
      cache.forgetAll();
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a user (deactivation, password change). */
    async revokeAllForUser(tx: Executor, userId: string) {
      cache.forgetAll();
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Something the lookup reads changed here (a profile's grants): forget every session at once. */
    forgetAll: () => cache.forgetAll(),
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
