/**
 * The sessions this server resolved lately, by token hash, so that a request does not read its session,
 * user and grants from the database again: that lookup was a third of the processor time of a simple
 * authenticated call and a round trip on every request (docs/performance.md).
 *
 * Kept right by invalidation, not by time: every change that would alter a lookup (a session revoked, a
 * user deactivated or moved to another profile, a profile's grants) is announced by a trigger on the
 * channel below at commit (migration 0025_auth_change_notify), and every server empties its cache when the
 * notice arrives. This server's own revocations empty it at once, without waiting for the notice. While
 * the notices may be missed (the listening connection is down), nothing is kept. A lookup that started
 * before a notice is not kept either (`generation`): it may have read the state the notice replaced.
 * `MAX_AGE_MS` bounds what a lost notice could cost.
 */
export const AUTH_CHANGES_CHANNEL = "certidesk_auth_changed";

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession<T> {
  value: T;
  /** The session's own expiry: past it, the entry is not used. */
  expiresAt: Date;
  cachedAt: number;
}

export function createSessionCache<T>() {
  const entries = new Map<string, CachedSession<T>>();
  let generation = 0;
  let live = false;

  const forgetAll = () => {
    generation++;
    entries.clear();
  };

  return {
    forgetAll,
    /** Notices are followed (true) or may be missed (false): see db/change-feed.ts. */
    setLive(value: boolean) {
      live = value;
      forgetAll();
    },
    get(key: string, now: Date): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now || now.getTime() - entry.cachedAt > MAX_AGE_MS) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    /** The generation to hand back to `set`: a lookup is kept only if nothing changed while it ran. */
    begin: () => generation,
    set(key: string, value: T, expiresAt: Date, startedAt: number, now: Date) {
      if (!live || startedAt !== generation) return;
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt, cachedAt: now.getTime() });
    },
    forget(key: string) {
      entries.delete(key);
    },
  };
}
export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
