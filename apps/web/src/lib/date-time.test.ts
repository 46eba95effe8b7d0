import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-time";

describe("formatDateTime", () => {
  it("reads instants in Paris time, DD/MM/YYYY HH:mm", () => {
    expect(formatDateTime("2026-01-15T13:05:00.000Z")).toBe("15/01/2026 14:05");
    expect(formatDateTime("2026-07-01T22:30:00.000Z")).toBe("02/07/2026 00:30");
  });

  it("shows nothing for empty or invalid values", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("pas une date")).toBe("");
  });
});
