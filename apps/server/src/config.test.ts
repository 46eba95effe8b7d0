import { describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "./config.js";

describe("configuration", () => {
  it("backs the embedded base up every day unless DAILY_BACKUP=0, never a PostgreSQL base", () => {
    expect(loadConfig({}).dailyBackup).toBe(true);
    expect(loadConfig({ DAILY_BACKUP: "0" }).dailyBackup).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://x@y/z", DAILY_BACKUP: "1" }).dailyBackup).toBe(false);
  });

  it("trusts no proxy unless TRUST_PROXY says which", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.7,loopback")).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback"]);
    expect(parseTrustProxy("::1, fd00::/8")).toEqual(["::1", "fd00::/8"]);
    expect(() => parseTrustProxy("proxy.local")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/TRUST_PROXY/);
  });

  it("turns SESSION_TTL_HOURS into whole seconds", () => {
    expect(loadConfig({ SESSION_TTL_HOURS: "1.5" }).sessionTtlMs).toBe(5_400_000);
    expect(loadConfig({ SESSION_TTL_HOURS: "0.1" }).sessionTtlMs).toBe(360_000);
    expect(loadConfig({ SESSION_TTL_HOURS: "0.33333" }).sessionTtlMs).toBe(1_200_000);
    expect(() => loadConfig({ SESSION_TTL_HOURS: "0" })).toThrow(/SESSION_TTL_HOURS/);
  });
});
