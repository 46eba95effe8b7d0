import { describe, expect, it } from "vitest";
import { formatCurrency, formatDays, formatDecimal, formatQuantity, NBSP, parseDecimal } from "./currency.js";

/** Writes the expected text with ordinary spaces; every space of a formatted number is a no-break space. */
const fr = (text: string) => text.replace(/ /g, NBSP);

describe("formatCurrency", () => {
  it("writes amounts as French users do: 3 900,00 € with no-break spaces", () => {
    expect(formatCurrency(3900)).toBe(fr("3 900,00 €"));
    expect(formatCurrency(1234567.891)).toBe(fr("1 234 567,89 €"));
    expect(formatCurrency(12)).toBe(fr("12,00 €"));
    expect(formatCurrency(980)).toBe(fr("980,00 €"));
  });

  it("uses one space character, never Intl's narrow no-break space", () => {
    expect(formatCurrency(1234.5)).not.toMatch(/[\u202f ]/);
  });

  it("shows negatives with a leading minus", () => {
    expect(formatCurrency(-1234.5)).toBe(fr("-1 234,50 €"));
  });

  it("shows 0,00 € for empty, null and non-numeric values", () => {
    for (const empty of [null, undefined, "", "abc", Number.NaN]) expect(formatCurrency(empty)).toBe(fr("0,00 €"));
  });

  it("reads numeric strings, with a comma or spaces", () => {
    expect(formatCurrency("1234.5")).toBe(fr("1 234,50 €"));
    expect(formatCurrency("1 234,5")).toBe(fr("1 234,50 €"));
  });

  it("rounds half away from zero without binary drift", () => {
    expect(formatCurrency(1.005)).toBe(fr("1,01 €"));
    expect(formatCurrency(-1.005)).toBe(fr("-1,01 €"));
    expect(formatCurrency(0.995)).toBe(fr("1,00 €"));
    expect(formatCurrency(-0.001)).toBe(fr("0,00 €"));
  });
});

describe("formatDecimal, formatDays, formatQuantity", () => {
  it("writes decimals with a comma and no useless zeros", () => {
    expect(formatDecimal(1.5)).toBe("1,5");
    expect(formatDecimal(0.25)).toBe("0,25");
    expect(formatDecimal(3)).toBe("3");
    expect(formatDecimal(1234.5)).toBe(fr("1 234,5"));
    expect(formatDecimal(2, { minDecimals: 2 })).toBe("2,00");
    expect(formatDecimal(null)).toBe("");
  });

  it("writes days as 1,5 j", () => {
    expect(formatDays(1.5)).toBe(fr("1,5 j"));
    expect(formatDays(0.75)).toBe(fr("0,75 j"));
    expect(formatDays(null)).toBe("");
    expect(formatQuantity(2)).toBe("2");
    expect(formatQuantity(2.5, "h")).toBe(fr("2,5 h"));
  });
});

describe("parseDecimal", () => {
  it("accepts a comma or a dot as the decimal marker", () => {
    expect(parseDecimal("0,5")).toBe(0.5);
    expect(parseDecimal("150,50")).toBe(150.5);
    expect(parseDecimal("0.5")).toBe(0.5);
    expect(parseDecimal(",5")).toBe(0.5);
    expect(parseDecimal("12,")).toBe(12);
  });

  it("ignores thousands spaces, including no-break ones", () => {
    expect(parseDecimal("1 234,50")).toBe(1234.5);
    expect(parseDecimal(`3${NBSP}900,00`)).toBe(3900);
  });

  it("keeps the sign, so a negative can be refused rather than flipped", () => {
    expect(parseDecimal("-2")).toBe(-2);
  });

  it("gives null for empty, unfinished or non-numeric text", () => {
    for (const text of ["", " ", "-", ",", "abc", "1,2,3", "1.234,5", null, undefined]) {
      expect(parseDecimal(text)).toBeNull();
    }
  });
});
