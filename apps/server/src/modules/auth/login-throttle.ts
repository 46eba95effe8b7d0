/**
 * Attempt counters kept in memory (one process: PGlite, or one API node). Each attempt is counted
 * the moment it starts — before the slow password check — so parallel guesses cannot all slip
 * through while the first ones are still being verified.
 */
export interface RateLimiterOptions {
  windowMs: number;
  max: number;
  now?: () => number;
}

export interface Attempt {
  /** The attempt succeeded: it no longer counts. */
  cancel(): void;
}

export function createRateLimiter({ windowMs, max, now = Date.now }: RateLimiterOptions) {
  const entries = new Map<string, Array<{ at: number }>>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (entries.get(key) ?? []).filter((e) => e.at > cutoff);
    if (list.length) entries.set(key, list);
    else entries.delete(key);
    return list;
  };
  return {
    /** Seconds to wait before the key may try again, or 0. */
    retryAfter(key: string): number {
      const list = recent(key);
      if (list.length < max) return 0;
      const oldest = list[0]?.at ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    /** Counts one attempt (call retryAfter first). */
    count(key: string): Attempt {
      const entry = { at: now() };
      entries.set(key, [...recent(key), entry]);
      return {
        cancel: () => {
          const list = entries.get(key)?.filter((e) => e !== entry) ?? [];
          if (list.length) entries.set(key, list);
          else entries.delete(key);
        },
      };
    },
    clear(key: string) {
      entries.delete(key);
    },
  };
}

export interface LoginThrottleOptions {
  windowMs?: number;
  /** Failures on one account from one address. */
  maxPerAccount?: number;
  /** Failures on one account from every address together (distributed guessing). */
  maxPerIdentifier?: number;
  /** Failures from one address on any accounts (spraying). */
  maxPerAddress?: number;
  /** How long an address stays known for an account after a successful sign-in. */
  knownForMs?: number;
  now?: () => number;
}

export type LoginReservation =
  | { retryAfter: number }
  | { retryAfter: 0; known: boolean; succeed(): void; fail(): void };

/**
 * Sign-in throttle. Per account and address it stops guessing one password; per account it stops
 * guessing from many addresses; per address it stops spraying many accounts. The last two do not
 * apply to an account signing in from an address it has already signed in from: people behind one
 * office address keep working while someone there (or anywhere) hammers the login.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const knownForMs = options.knownForMs ?? 30 * 24 * 3600_000;
  const pair = createRateLimiter({ windowMs, max: options.maxPerAccount ?? 5, now });
  const account = createRateLimiter({ windowMs, max: options.maxPerIdentifier ?? 20, now });
  const address = createRateLimiter({ windowMs, max: options.maxPerAddress ?? 100, now });
  const known = new Map<string, number>();

  return {
    /** Counts the attempt before the password is checked; the caller then says how it went. */
    reserve(identifier: string, ip: string): LoginReservation {
      const id = identifier.trim().toLowerCase();
      const pairKey = `${ip}|${id}`;
      const knownAt = known.get(pairKey);
      const isKnown = knownAt !== undefined && knownAt > now() - knownForMs;
      const wait = Math.max(
        pair.retryAfter(pairKey),
        isKnown ? 0 : account.retryAfter(id),
        isKnown ? 0 : address.retryAfter(ip),
      );
      if (wait > 0) return { retryAfter: wait };
      const counted = [pair.count(pairKey), account.count(id), address.count(ip)];
      return {
        retryAfter: 0,
        known: isKnown,
        succeed: () => {
          for (const attempt of counted) attempt.cancel();
          pair.clear(pairKey);
          known.set(pairKey, now());
          if (known.size > 50_000) {
            for (const [key, at] of known) if (at <= now() - knownForMs) known.delete(key);
          }
        },
        fail: () => {},
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
