import { describe, expect, it } from "vitest";
import { contractTypologyLabel, timeSlotById } from "./commercial/contracts.js";
import { departementOf } from "./commercial/establishments.js";
import {
  isValidFiness,
  isValidFrenchVat,
  isValidSiren,
  isValidSiret,
  vatNumberOf,
  withLuhnKey,
} from "./identifiers.js";
import { computeQuoteTotals } from "./quote-totals.js";

describe("quote totals", () => {
  const lines = [
    { days: 1, unitPrice: 980, quantity: 2 },
    { days: 1.5, unitPrice: 980.33, quantity: 1 },
  ];
  it("adds lines, the flat travel fee only in mode 3, and VAT per rate", () => {
    expect(computeQuoteTotals(lines, 0.2, 3, 450)).toEqual({
      lines: [1960, 1470.5],
      travel: 450,
      totalHT: 3880.5,
      totalVAT: 776.1,
      totalTTC: 4656.6,
    });
    expect(computeQuoteTotals(lines, 0.085, 1, 450)).toMatchObject({
      travel: 0,
      totalHT: 3430.5,
      totalVAT: 291.59,
      totalTTC: 3722.09,
    });
    expect(computeQuoteTotals(lines, 0, 2, null)).toMatchObject({ totalVAT: 0, totalTTC: 3430.5 });
  });
});

describe("identifiers", () => {
  it("checks SIREN and SIRET keys, and La Poste's exception", () => {
    expect(isValidSiren("732829320")).toBe(true);
    expect(isValidSiren("732829321")).toBe(false);
    expect(isValidSiret("732 829 320 00074")).toBe(true);
    expect(isValidSiret("73282932000075")).toBe(false);
    expect(isValidSiret("35600000000092")).toBe(true);
    expect(withLuhnKey("73282932")).toBe("732829320");
  });
  it("computes the French VAT key and reads FINESS numbers", () => {
    expect(vatNumberOf("732829320")).toBe("FR44732829320");
    expect(isValidFrenchVat("FR 44 732829320")).toBe(true);
    expect(isValidFrenchVat("FR45732829320")).toBe(false);
    expect(isValidFiness("690012345")).toBe(true);
    expect(isValidFiness("2A0012345")).toBe(true);
    expect(isValidFiness("69001234")).toBe(false);
  });
});

describe("commercial codes", () => {
  it("derives the département, Corsica and overseas included", () => {
    expect(departementOf("69100")).toBe("69");
    expect(departementOf("20000")).toBe("2A");
    expect(departementOf("20200")).toBe("2B");
    expect(departementOf("97400")).toBe("974");
    expect(departementOf("123")).toBeNull();
  });
  it("labels contract typologies with the company name and knows the time slots", () => {
    expect(contractTypologyLabel("STANDARD_CONTRACT_DRAWN_UP_WITH_CREG_2", "Qualéval")).toBe(
      "Contrat type établi avec Qualéval",
    );
    expect(contractTypologyLabel("APPEL_OFFRE", "Qualéval")).toBe("Appel d'offre");
    expect(timeSlotById(15)).toMatchObject({ value: "8h00-12h00 et 14h00-16h00", dayFraction: 0.75 });
  });
});
