import { describe, expect, it } from "vitest";
import { frenchDateToIso, maskFrenchDate } from "./french-date";

describe("maskFrenchDate", () => {
  it("adds the slashes as digits are typed", () => {
    expect(maskFrenchDate("1")).toBe("1");
    expect(maskFrenchDate("120")).toBe("12/0");
    expect(maskFrenchDate("1203")).toBe("12/03");
    expect(maskFrenchDate("12032026")).toBe("12/03/2026");
  });

  it("drops anything but digits and stops at eight", () => {
    expect(maskFrenchDate("12-03-2026 10h")).toBe("12/03/2026");
  });
});

describe("frenchDateToIso", () => {
  it("turns a complete French date into an ISO day", () => {
    expect(frenchDateToIso("12/03/2026")).toBe("2026-03-12");
    expect(frenchDateToIso("29/02/2028")).toBe("2028-02-29");
  });

  it("refuses incomplete or impossible dates", () => {
    expect(frenchDateToIso("12/03")).toBeNull();
    expect(frenchDateToIso("31/02/2026")).toBeNull();
    expect(frenchDateToIso("12/13/2026")).toBeNull();
  });
});
