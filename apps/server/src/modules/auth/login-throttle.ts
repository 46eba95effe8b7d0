/**
 * Counts failed sign-ins in memory (one process: PGlite, or one API node). Per identifier and
 * address it stops guessing on one account; per address alone it stops spraying many accounts.
 */
export interface LoginThrottleOptions {
  windowMs?: number;
  maxPerAccount?: number;
  maxPerAddress?: number;
  now?: () => number;
}

export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const windowMs = options.windowMs ?? 15 * 60_000;
  const maxPerAccount = options.maxPerAccount ?? 5;
  const maxPerAddress = options.maxPerAddress ?? 50;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  const keys = (identifier: string, ip: string) => [`a:${ip}|${identifier.toLowerCase()}`, `i:${ip}`];

  return {
    /** Seconds to wait before trying again, or 0 when allowed. */
    retryAfter(identifier: string, ip: string): number {
      const [account, address] = keys(identifier, ip) as [string, string];
      const a = recent(account);
      const i = recent(address);
      const blocking = a.length >= maxPerAccount ? a : i.length >= maxPerAddress ? i : null;
      if (!blocking) return 0;
      const oldest = blocking[0] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },
    fail(identifier: string, ip: string) {
      for (const key of keys(identifier, ip)) failures.set(key, [...recent(key), now()]);
    },
    succeed(identifier: string, ip: string) {
      failures.delete(keys(identifier, ip)[0] as string);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
