import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { createWorkLimiter } from "./work-limiter.js";

// scrypt parameters (OWASP: N=2^17, r=8, p=1). Stored with the hash so they can be raised later.
let N = 131072;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

/**
 * Lowers the cost of new hashes. For the tests only (test/test-app.ts calls it): no configuration
 * reaches it, so production always hashes at N=2^17. Verification reads the cost stored in the hash.
 */
export function setPasswordHashCost(cost: number) {
  if (!Number.isInteger(Math.log2(cost)) || cost < 2) throw new Error("scrypt cost must be a power of 2");
  N = cost;
  decoyHash = undefined;
}

/**
 * Every scrypt derivation goes through one small semaphore (each takes 128 MB and ~0.5 s of CPU):
 * a flood of sign-ins waits in line, or is refused when the line is long, instead of starving the
 * server. Sign-ins from a known address take the priority lane.
 */
export const passwordWork = createWorkLimiter({
  concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueued: 32,
});

export type PasswordLane = "priority" | "ordinary";

function derive(password: string, salt: Buffer, opts: ScryptOptions, lane: PasswordLane = "ordinary"): Promise<Buffer> {
  return passwordWork.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
    lane,
  );
}

/**
 * The cost of the demo accounts' hash. Their password is printed in the README, so a slow hash protects
 * nothing there; a cheap one spares half a second of processor at each of their sign-ins (the browser
 * tests sign in some eighty times). A password chosen later is hashed at the full cost.
 */
export const PUBLIC_PASSWORD_COST = 8192;

export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: R, p: P });
  return `scrypt$${cost}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string, lane?: PasswordLane): Promise<boolean> {
  const [algo, n, r, p, salt, key] = stored.split("$");
  if (algo !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64"),
    { N: Number(n), r: Number(r), p: Number(p) },
    lane,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the identifier is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return decoyHash;
}
