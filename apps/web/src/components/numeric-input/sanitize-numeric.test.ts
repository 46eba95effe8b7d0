import { describe, expect, it } from "vitest";
import { clampNumeric, insertNumeric, isAcceptableNumeric, sanitizeNumeric } from "./sanitize-numeric";

describe("sanitizeNumeric", () => {
  it("keeps digits and one decimal marker, shown as a comma", () => {
    expect(sanitizeNumeric("12a3.4.5")).toBe("123,45");
    expect(sanitizeNumeric("0,5")).toBe("0,5");
    expect(sanitizeNumeric("150,50")).toBe("150,50");
    expect(sanitizeNumeric("0.5")).toBe("0,5");
  });

  it("reads pasted French and English amounts, thousands and all", () => {
    expect(sanitizeNumeric("1 234,50 €")).toBe("1234,50");
    expect(sanitizeNumeric("1\u202f234,50\u00a0€")).toBe("1234,50");
    expect(insertNumeric("", "1.234,50", 0, 0)).toBe("1234,50");
    expect(insertNumeric("", "1,234.50", 0, 0)).toBe("1234,50");
  });

  it("shows the marker as '.' when asked", () => {
    expect(sanitizeNumeric("12,5.3", { decimalSeparator: "." })).toBe("12.53");
  });

  it("drops the separator when decimals are not allowed", () => {
    expect(sanitizeNumeric("12.5", { allowDecimal: false })).toBe("125");
  });

  it("keeps a leading minus only when negatives are allowed", () => {
    expect(sanitizeNumeric("-12")).toBe("12");
    expect(sanitizeNumeric("-12", { allowNegative: true })).toBe("-12");
    expect(sanitizeNumeric("1-2", { allowNegative: true })).toBe("12");
    expect(sanitizeNumeric("--1", { allowNegative: true })).toBe("-1");
  });

  it("cuts at maxLength", () => {
    expect(sanitizeNumeric("1234567", { maxLength: 4 })).toBe("1234");
  });
});

describe("isAcceptableNumeric", () => {
  it("refuses values that no further typing can bring under max", () => {
    expect(isAcceptableNumeric("101", { max: 100 })).toBe(false);
    expect(isAcceptableNumeric("100", { max: 100 })).toBe(true);
  });

  it("lets values under min through while typing (checked on blur)", () => {
    expect(isAcceptableNumeric("1", { min: 10 })).toBe(true);
    expect(isAcceptableNumeric("-20", { min: -10, allowNegative: true })).toBe(false);
  });

  it("applies the pattern and unfinished values", () => {
    expect(isAcceptableNumeric("7500", { pattern: /^\d{0,5}$/ })).toBe(true);
    expect(isAcceptableNumeric("750011", { pattern: /^\d{0,5}$/ })).toBe(false);
    expect(isAcceptableNumeric("-", { allowNegative: true, max: 5 })).toBe(true);
  });
});

describe("clampNumeric", () => {
  it("brings the value within min and max and tidies unfinished input", () => {
    expect(clampNumeric("5", { min: 10 })).toBe("10");
    expect(clampNumeric("2,5", { min: 3.5 })).toBe("3,5");
    expect(clampNumeric("12,", {})).toBe("12");
    expect(clampNumeric("12.", { decimalSeparator: "." })).toBe("12");
    expect(clampNumeric("-", { allowNegative: true })).toBe("");
  });
});

describe("insertNumeric", () => {
  it("cleans pasted text, replaces the selection and respects maxLength", () => {
    expect(insertNumeric("12", "3a4b5", 2, 2, { maxLength: 4 })).toBe("1234");
    expect(insertNumeric("1299", "5", 2, 4, {})).toBe("125");
    expect(insertNumeric("1,5", "2.7", 3, 3, {})).toBe("1,527");
    expect(insertNumeric("", "-45 €", 0, 0, { allowNegative: true })).toBe("-45");
  });
});
