import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

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

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, key] = stored.split("$");
  if (algo !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the identifier is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return decoyHash;
}
