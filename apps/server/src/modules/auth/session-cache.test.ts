import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache.js";

const now = new Date("2026-11-26T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const expiresAt = later(3_600_000);

describe("session cache", () => {
  it("keeps nothing until the change notices are followed, nor after they may be missed", () => {
    const cache = createSessionCache<string>();
    cache.set("t", "session", expiresAt, cache.begin(), now);
    expect(cache.get("t", now)).toBeUndefined();
    cache.setLive(true);
    cache.set("t", "session", expiresAt, cache.begin(), now);
    expect(cache.get("t", now)).toBe("session");
    cache.setLive(false);
    expect(cache.get("t", now)).toBeUndefined();
    cache.set("t", "session", expiresAt, cache.begin(), now);
    expect(cache.get("t", now)).toBeUndefined();
  });

  it("does not keep a lookup that ran while a change was announced", () => {
    const cache = createSessionCache<string>();
    cache.setLive(true);
    const started = cache.begin();
    cache.forgetAll(); // the notice of a revocation arrives while the lookup reads the old state
    cache.set("t", "stale", expiresAt, started, now);
    expect(cache.get("t", now)).toBeUndefined();
  });

  it("forgets every session on a notice, and an entry past the session's expiry or a minute old", () => {
    const cache = createSessionCache<string>();
    cache.setLive(true);
    cache.set("a", "A", expiresAt, cache.begin(), now);
    cache.set("b", "B", later(1000), cache.begin(), now);
    expect(cache.get("b", later(999))).toBe("B");
    expect(cache.get("b", later(1000))).toBeUndefined();
    expect(cache.get("a", later(60_000))).toBe("A");
    expect(cache.get("a", later(60_001))).toBeUndefined();
    cache.set("a", "A", expiresAt, cache.begin(), now);
    cache.forgetAll();
    expect(cache.get("a", now)).toBeUndefined();
  });
});
