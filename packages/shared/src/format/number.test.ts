import { describe, expect, it } from "vitest";
import { applyNumberMask, formatNumber, groupThousands, parseMaskedNumber, toNumber } from "./number.js";

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
