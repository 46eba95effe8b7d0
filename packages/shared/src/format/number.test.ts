import { describe, expect, it } from "vitest";
import { formatCurrency } from "./currency.js";
import { applyNumberMask, formatNumber, groupThousands, parseMaskedNumber, toNumber } from "./number.js";

describe("formatCurrency", () => {
  it("shows two decimals, the euro sign and spaced thousands", () => {
    expect(formatCurrency(1234.5)).toBe("1 234.50 €");
    expect(formatCurrency(1234567.891)).toBe("1 234 567.89 €");
    expect(formatCurrency(12)).toBe("12.00 €");
  });

  it("uses ',' as decimal marker when asked", () => {
    expect(formatCurrency(1234.5, { decimalSeparator: "," })).toBe("1 234,50 €");
  });

  it("shows negatives with a leading minus", () => {
    expect(formatCurrency(-1234.5)).toBe("-1 234.50 €");
  });

  it("shows 0.00 € for empty, null and non-numeric values", () => {
    for (const empty of [null, undefined, "", "abc", Number.NaN]) expect(formatCurrency(empty)).toBe("0.00 €");
    expect(formatCurrency(null, { decimalSeparator: "," })).toBe("0,00 €");
  });

  it("reads numeric strings, with a comma or spaces", () => {
    expect(formatCurrency("1234.5")).toBe("1 234.50 €");
    expect(formatCurrency("1 234,5")).toBe("1 234.50 €");
  });

  it("rounds half away from zero without binary drift", () => {
    expect(formatCurrency(1.005)).toBe("1.01 €");
    expect(formatCurrency(-1.005)).toBe("-1.01 €");
    expect(formatCurrency(0.995)).toBe("1.00 €");
    expect(formatCurrency(-0.001)).toBe("0.00 €");
  });
});

describe("formatNumber", () => {
  it("honours decimals and separators", () => {
    expect(formatNumber(1234567, { decimals: 0 })).toBe("1 234 567");
    expect(formatNumber(1234.5678, { decimals: 3, thousandSeparator: ".", decimalSeparator: "," })).toBe("1.234,568");
    expect(formatNumber(null)).toBe("");
  });

  it("groups thousands from the right", () => {
    expect(groupThousands("1234567")).toBe("1 234 567");
    expect(groupThousands("123")).toBe("123");
  });

  it("parses numbers strictly", () => {
    expect(toNumber("12,5")).toBe(12.5);
    expect(toNumber("12a")).toBeNull();
    expect(toNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toNumber(true)).toBeNull();
  });
});

describe("applyNumberMask", () => {
  it("groups thousands and keeps one decimal marker while typing", () => {
    expect(applyNumberMask("1234567")).toBe("1 234 567");
    expect(applyNumberMask("1234567,8", { decimalSeparator: "," })).toBe("1 234 567,8");
    expect(applyNumberMask("1234.5.6")).toBe("1 234.56");
    expect(applyNumberMask("12.345")).toBe("12.34");
    expect(applyNumberMask("1 2a3")).toBe("123");
  });

  it("keeps a trailing marker so the user can go on typing decimals", () => {
    expect(applyNumberMask("12.")).toBe("12.");
    expect(applyNumberMask(".5")).toBe("0.5");
  });

  it("keeps the minus only when negatives are allowed", () => {
    expect(applyNumberMask("-1234")).toBe("1 234");
    expect(applyNumberMask("-1234", { allowNegative: true })).toBe("-1 234");
  });

  it("reads back the masked value", () => {
    expect(parseMaskedNumber("1 234 567,8", { decimalSeparator: "," })).toBe(1234567.8);
    expect(parseMaskedNumber("")).toBeNull();
    expect(parseMaskedNumber("-")).toBeNull();
  });
});
