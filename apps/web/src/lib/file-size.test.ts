import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("shows small files in octets", () => {
    expect(formatFileSize(0)).toBe("0 o");
    expect(formatFileSize(512)).toBe("512 o");
    expect(formatFileSize(1023)).toBe("1023 o");
  });

  it("uses French units and a decimal comma under 10", () => {
    expect(formatFileSize(1024)).toBe("1 Ko");
    expect(formatFileSize(1536)).toBe("1,5 Ko");
    expect(formatFileSize(5 * 1024 * 1024 + 300 * 1024)).toBe("5,3 Mo");
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25 Mo");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 Go");
  });

  it("moves to the next unit when rounding reaches 1024", () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 Mo");
  });

  it("shows nothing for missing or invalid sizes", () => {
    expect(formatFileSize(null)).toBe("");
    expect(formatFileSize(undefined)).toBe("");
    expect(formatFileSize(-1)).toBe("");
    expect(formatFileSize(Number.NaN)).toBe("");
  });
});
