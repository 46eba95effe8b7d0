import { describe, expect, it } from "vitest";
import { DEFAULT_DEADLINE_SETTINGS } from "./codes.js";
import { type MissionMilestones, missionDeadlines, missionState } from "./deadlines.js";

const base: MissionMilestones = {
  status: "OPEN",
  lastDay: "2026-03-11",
  preliminaryUploadedAt: null,
  preliminarySentAt: null,
  observationsReceivedAt: null,
  finalReportAt: null,
};
const s = DEFAULT_DEADLINE_SETTINGS;

describe("mission deadlines", () => {
  it("counts 30 days after the last visit day, then 15 and 15", () => {
    expect(missionDeadlines(base, s)).toEqual({
      preliminaryReportDue: "2026-04-10",
      observationsDue: null,
      finalReportDue: null,
    });
    const sent = { ...base, preliminaryUploadedAt: "2026-04-01", preliminarySentAt: "2026-04-02" };
    expect(missionDeadlines(sent, s)).toMatchObject({ observationsDue: "2026-04-17", finalReportDue: "2026-05-02" });
    expect(missionDeadlines({ ...sent, observationsReceivedAt: "2026-04-10" }, s).finalReportDue).toBe("2026-04-25");
  });

  it("says late only the day after the due date", () => {
    expect(missionState(base, s, "2026-03-11")).toBe("PLANNED");
    expect(missionState(base, s, "2026-03-12")).toBe("VISIT_PAST");
    expect(missionState(base, s, "2026-04-10")).toBe("VISIT_PAST");
    expect(missionState(base, s, "2026-04-11")).toBe("REPORT_LATE");
    expect(missionState({ ...base, preliminaryUploadedAt: "2026-04-11" }, s, "2026-04-11")).toBe("VISIT_PAST");
    expect(missionState({ ...base, lastDay: null }, s, "2026-04-11")).toBe("TO_PLAN");
    expect(missionState({ ...base, status: "FINALISED" }, s, "2027-01-01")).toBe("FINALISED");
  });
});
