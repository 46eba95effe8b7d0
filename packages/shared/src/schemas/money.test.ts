import { describe, expect, it } from "vitest";
import { euros, eurosToCents, hasAtMostTwoDecimals, positiveCents } from "./money.js";

describe("amounts of money", () => {
  it("tells two decimals from more, through binary rounding noise but not beyond", () => {
    for (const ok of [0, 0.01, 0.29, 0.1 + 0.2, 19.99, 1234567.89, 9_999_999.99, -0.5])
      expect(hasAtMostTwoDecimals(ok), String(ok)).toBe(true);
    for (const tooFine of [0.000000001, 0.001, 12.345, 100.000000001, 9_999_999.991])
      expect(hasAtMostTwoDecimals(tooFine), String(tooFine)).toBe(false);
  });

  it("turns euros into cents exactly, and leaves a third decimal for the schema to refuse", () => {
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1234567.89)).toBe(123456789);
    expect(Number.isInteger(eurosToCents(12.345))).toBe(false);
    expect(eurosToCents(0.000000001)).not.toBe(0);
  });

  it("names the field in each message", () => {
    const payment = euros("Le montant", { max: 1000, positive: true });
    const message = (value: unknown) => payment.safeParse(value).error?.issues[0]?.message;
    expect(message(0.000000001)).toBe("Le montant doit être d'au moins 0,01 €.");
    expect(message(12.345)).toBe("Le montant : deux décimales au plus (au centime près).");
    expect(message(null)).toBe("Indiquez le montant.");
    expect(message("12")).toBe("Le montant doit être un nombre.");
    expect(message(1000.01)).toBe("Le montant est trop élevé.");
    expect(payment.safeParse(0.01).success).toBe(true);
    const fee = euros("Le tarif", { max: 1000 });
    expect(fee.safeParse(0).success).toBe(true);
    expect(fee.safeParse(-1).error?.issues[0]?.message).toBe("Le tarif ne peut pas être négatif.");
    const cents = positiveCents("Le montant", 1000);
    expect(cents.safeParse(0.5).error?.issues[0]?.message).toBe(
      "Le montant : deux décimales au plus (au centime près).",
    );
    expect(cents.safeParse(0).error?.issues[0]?.message).toBe("Le montant doit être d'au moins 0,01 €.");
  });
});
