import type { MissionPlanning } from "@certidesk/shared";
import { describe, expect, it } from "vitest";
import { daysOf, indexPlanning, shiftMonth } from "./planning-grid";

describe("planning grid", () => {
  it("moves from month to month across the years", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-03", -14)).toBe("2025-01");
  });

  it("lists every day of a month with its weekday", () => {
    const feb = daysOf("2027-02-01", "2027-02-28");
    expect(feb).toHaveLength(28);
    expect(feb[0]).toEqual({ day: "2027-02-01", weekday: 1, date: 1 });
    expect(daysOf("2026-12-01", "2026-12-31").filter((d) => d.weekday === 0 || d.weekday === 6)).toHaveLength(8);
  });

  it("finds a cell's visits, unavailability and conflicts in one pass", () => {
    const p = {
      bookings: [
        {
          auditorId: "a",
          missionId: "m1",
          clientId: "c1",
          label: "EHPAD A",
          kind: "ESSMS_EVALUATION",
          role: "EVALUATOR",
          days: ["2026-12-14", "2026-12-15"],
        },
        {
          auditorId: "a",
          missionId: "m2",
          clientId: "c2",
          label: "FAM B",
          kind: "ESSMS_EVALUATION",
          role: "COORDINATOR",
          days: ["2026-12-15"],
        },
      ],
      unavailability: [{ auditorId: "a", from: "2026-12-30", to: "2026-12-31", reason: null }],
      conflicts: [{ auditorId: "a", day: "2026-12-15", kind: "DOUBLE_BOOKING", missionIds: ["m1", "m2"] }],
    } as unknown as MissionPlanning;
    const index = indexPlanning(p);
    expect(index.bookingsAt("a", "2026-12-15").map((b) => b.missionId)).toEqual(["m1", "m2"]);
    expect(index.bookingsAt("a", "2026-12-16")).toEqual([]);
    expect(index.isUnavailable("a", "2026-12-31")).toBe(true);
    expect(index.isUnavailable("a", "2026-12-29")).toBe(false);
    expect(index.conflictsAt("a", "2026-12-15")).toHaveLength(1);
    expect(index.conflictCount("a")).toBe(1);
  });
});
