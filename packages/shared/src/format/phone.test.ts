import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone.js";

describe("formatPhone", () => {
  it("groups French numbers in pairs", () => {
    expect(formatPhone("0612345678")).toBe("06 12 34 56 78");
    expect(formatPhone("06.12.34.56.78")).toBe("06 12 34 56 78");
    expect(formatPhone(" 06-12-34-56-78 ")).toBe("06 12 34 56 78");
  });

  it("keeps +33 numbers as +33 6 12 34 56 78", () => {
    expect(formatPhone("+33 6 12 34 56 78")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("0033612345678")).toBe("+33 6 12 34 56 78");
  });

  it("leaves other international numbers as typed, spaces normalised", () => {
    expect(formatPhone("+44  20 7946 0958")).toBe("+44 20 7946 0958");
  });

  it("returns empty for empty input", () => {
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("  ")).toBe("");
  });
});
