import { describe, expect, it } from "vitest";
import { addDays, addDaysToInstant, fixedClock, parisDate, systemClock } from "./clock.js";

describe("clock", () => {
  it("today is the Paris date: 23:30 UTC in summer is already tomorrow in Paris", () => {
    expect(parisDate(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
    expect(parisDate(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
    // Winter: UTC+1.
    expect(parisDate(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    expect(parisDate(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("a fixed clock stands still until moved", () => {
    const clock = fixedClock("2026-03-31T21:30:00Z");
    expect(clock.today()).toBe("2026-03-31");
    expect(clock.now().toISOString()).toBe("2026-03-31T21:30:00.000Z");
    clock.advance(60 * 60_000);
    expect(clock.today()).toBe("2026-04-01");
    clock.set("2026-01-01T00:00:00Z");
    expect(clock.today()).toBe("2026-01-01");
  });

  it("the system clock answers the current Paris date", () => {
    expect(systemClock.today()).toBe(parisDate(new Date()));
  });

  it("adds calendar days across months, leap years and the clock change", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-05-10", 30)).toBe("2026-06-09");
    expect(addDaysToInstant(new Date("2026-01-01T10:00:00Z"), 2).toISOString()).toBe("2026-01-03T10:00:00.000Z");
  });
});
