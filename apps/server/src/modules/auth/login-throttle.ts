import { createHash } from "node:crypto";
import type { Executor } from "../../db/client.js";
import {
  type CounterHit,
  deleteCounters,
  deleteExpiredCounters,
  hasMark,
  hitCounters,
  setMark,
  unhitCounters,
} from "./throttle.repository.js";

/**
 * Attempt counters kept in the database (`throttle_counters`), so every server on one PostgreSQL
 * shares them: an attacker gains nothing by landing on another instance. Each attempt is counted the
 * moment it starts — before the slow password check — by an atomic upsert, so parallel guesses
 * cannot all slip through while the first ones are still being verified. Windows are fixed: a
 * counter starts at its first hit and is forgotten once its window has passed.
 */
export interface CounterOptions {
  db: Executor;
  now?: () => number;
}

/** The key of a counter: its name and a hash of what it counts (identifiers and addresses are not stored). */
const keyOf = (name: string, value: string) => `${name}:${createHash("sha256").update(value).digest("base64url")}`;
const secondsUntil = (date: Date, now: number) => Math.max(1, Math.ceil((date.getTime() - now) / 1000));

/** Expired rows go at most once a minute per server. */
function createSweeper(db: Executor, now: () => number) {
  let last = 0;
  return async () => {
    if (now() - last < 60_000) return;
    last = now();
    await deleteExpiredCounters(db, new Date(now()));
  };
}

export interface Attempt {
  /** Seconds to wait before trying again, or 0: the attempt is counted. */
  retryAfter: number;
  /** The attempt succeeded: it no longer counts. */
  cancel(): Promise<void>;
}

export interface RateLimiterOptions extends CounterOptions {
  /** The counter's name, part of its key (`reset:address`). */
  name: string;
  windowMs: number;
  max: number;
}

/** One counter per value (an address, an identifier): at most `max` attempts per window. */
export function createRateLimiter({ db, name, windowMs, max, now = Date.now }: RateLimiterOptions) {
  const sweep = createSweeper(db, now);
  return {
    /** Counts an attempt, or refuses it (counting nothing) when the window is full. */
    async take(value: string): Promise<Attempt> {
      await sweep();
      const at = now();
      const hits = await hitCounters(db, [{ key: keyOf(name, value), until: new Date(at + windowMs) }], new Date(at));
      const [hit] = hits;
      if (hit && hit.hits > max) {
        await unhitCounters(db, hits);
        return { retryAfter: secondsUntil(hit.expiresAt, at), cancel: async () => {} };
      }
      return { retryAfter: 0, cancel: () => unhitCounters(db, hits) };
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
  | { retryAfter: 0; known: boolean; succeed(): Promise<void>; fail(): void };

/**
 * Sign-in throttle. Per account and address it stops guessing one password; per account it stops
 * guessing from many addresses; per address it stops spraying many accounts. The last two do not
 * apply to an account signing in from an address it has already signed in from: people behind one
 * office address keep working while someone there (or anywhere) hammers the login.
 */
export function createLoginThrottle({ db, ...options }: LoginThrottleOptions & { db: Executor }) {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const knownForMs = options.knownForMs ?? 30 * 24 * 3600_000;
  const limits = {
    pair: options.maxPerAccount ?? 5,
    account: options.maxPerIdentifier ?? 20,
    address: options.maxPerAddress ?? 100,
  };
  const sweep = createSweeper(db, now);

  return {
    /** Counts the attempt before the password is checked; the caller then says how it went. */
    async reserve(identifier: string, ip: string): Promise<LoginReservation> {
      await sweep();
      const at = now();
      const id = identifier.trim().toLowerCase();
      const keys = {
        pair: keyOf("login:pair", `${ip}|${id}`),
        account: keyOf("login:account", id),
        address: keyOf("login:address", ip),
      };
      const knownKey = keyOf("login:known", `${ip}|${id}`);
      const isKnown = await hasMark(db, knownKey, new Date(at));
      const until = new Date(at + windowMs);
      const counted = await hitCounters(
        db,
        Object.values(keys).map((key) => ({ key, until })),
        new Date(at),
      );
      const over = counted.filter((c) => {
        if (c.key === keys.pair) return c.hits > limits.pair;
        if (isKnown) return false;
        return c.hits > (c.key === keys.account ? limits.account : limits.address);
      });
      if (over.length > 0) {
        // Refused: it does not count (a blocked pair does not go on to lock the account for others).
        await unhitCounters(db, counted);
        return { retryAfter: Math.max(...over.map((c) => secondsUntil(c.expiresAt, at))) };
      }
      return {
        retryAfter: 0,
        known: isKnown,
        succeed: async () => {
          await unhitCounters(
            db,
            counted.filter((c: CounterHit) => c.key !== keys.pair),
          );
          await deleteCounters(db, [keys.pair]);
          await setMark(db, knownKey, new Date(now() + knownForMs));
        },
        fail: () => {},
      };
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
