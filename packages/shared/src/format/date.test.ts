import { describe, expect, it } from "vitest";
import {
  EVALUATION_TO_SCHEDULE,
  formatDate,
  formatEvaluationDate,
  formatMonthLabel,
  formatRelanceDate,
  isBeforeToday,
  RELANCE_LABEL,
  toDateParts,
} from "./date.js";

describe("dates", () => {
  it("formats follow-up dates as DD/MM/YYYY, like every date, with the Relance label", () => {
    expect(formatRelanceDate("2024-03-05")).toBe("05/03/2024");
    expect(formatRelanceDate(null)).toBe("");
    expect(RELANCE_LABEL).toBe("Relance");
  });

  it("formats full dates as DD/MM/YYYY", () => {
    expect(formatDate("2024-12-31")).toBe("31/12/2024");
    expect(formatDate("05/03/24")).toBe("05/03/2024");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate("2024-02-30")).toBe("");
  });

  it("reads instants in Paris time, whatever the machine's zone", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatDate("2024-12-31T23:30:00Z")).toBe("01/01/2025");
    expect(formatDate(new Date("2024-06-15T10:00:00Z"))).toBe("15/06/2024");
    expect(formatDate("2024-12-31T23:30:00Z", { timeZone: "UTC" })).toBe("31/12/2024");
  });

  it("never shifts day-only strings", () => {
    expect(toDateParts("2024-01-01", { timeZone: "Pacific/Honolulu" })).toEqual({ year: 2024, month: 1, day: 1 });
  });

  it("shows 'à programmer' for a missing evaluation date", () => {
    expect(formatEvaluationDate(null)).toBe(EVALUATION_TO_SCHEDULE);
    expect(formatEvaluationDate("")).toBe("à programmer");
    expect(formatEvaluationDate("2025-09-01")).toBe("01/09/2025");
  });

  it("compares by day for overdue follow-ups", () => {
    const now = new Date("2025-05-10T12:00:00Z");
    expect(isBeforeToday("2025-05-09", now)).toBe(true);
    expect(isBeforeToday("2025-05-10", now)).toBe(false);
    expect(isBeforeToday("2025-05-11", now)).toBe(false);
    expect(isBeforeToday(null, now)).toBe(false);
  });
});

describe("one date function", () => {
  it("gives DD/MM/YYYY everywhere, the follow-up date included", async () => {
    const { formatDate, formatRelanceDate, toExcelDate, toIsoDay } = await import("./date.js");
    expect(formatDate("2026-01-09")).toBe("09/01/2026");
    expect(formatRelanceDate("2026-01-09")).toBe("09/01/2026");
    expect(toExcelDate("2026-01-09")?.toISOString()).toBe("2026-01-09T00:00:00.000Z");
    expect(toExcelDate(null)).toBeNull();
    expect(toIsoDay(new Date("2026-01-08T23:30:00Z"))).toBe("2026-01-09");
  });
});

describe("parseFrenchDate", () => {
  it("reads days as French users type them", async () => {
    const { parseFrenchDate } = await import("./date.js");
    expect(parseFrenchDate("25/12/2026")).toBe("2026-12-25");
    expect(parseFrenchDate("5/1/26")).toBe("2026-01-05");
    expect(parseFrenchDate("05.01.2026")).toBe("2026-01-05");
    expect(parseFrenchDate("05012026")).toBe("2026-01-05");
    expect(parseFrenchDate("2026-01-05")).toBe("2026-01-05");
  });

  it("refuses what is not a real day, and never reads month first", async () => {
    const { parseFrenchDate } = await import("./date.js");
    for (const text of ["31/02/2026", "12/31/2026", "", "demain", null]) expect(parseFrenchDate(text)).toBeNull();
  });
});

describe("formatMonthLabel", () => {
  it("names a month (or the month of a day) in French, and leaves anything else as it is", () => {
    expect(formatMonthLabel("2026-03")).toBe("mars 2026");
    expect(formatMonthLabel("2025-12-31")).toBe("décembre 2025");
    expect(formatMonthLabel("2026-13")).toBe("2026-13");
  });
});
