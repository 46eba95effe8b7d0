import { describe, expect, it } from "vitest";
import { companyIdProblem, frenchVatProblem } from "./identifiers.js";

describe("identifier messages", () => {
  it("tells a wrong VAT key from a wrong shape, and gives the right number", () => {
    expect(frenchVatProblem("FR44732829320")).toBeNull();
    expect(frenchVatProblem("FR 44 732 829 320")).toBeNull();
    expect(frenchVatProblem("FR00732829320")).toBe(
      "Clé de TVA incorrecte : pour le SIREN 732829320, le numéro est FR44732829320.",
    );
    expect(frenchVatProblem("FR7328293")).toMatch(/^Le numéro de TVA intracommunautaire s'écrit FR/);
    expect(frenchVatProblem("DE123456789")).toMatch(/s'écrit FR/);
  });

  it("says how many digits a SIREN or SIRET has, or that its key is wrong", () => {
    expect(companyIdProblem("SIRET", "732 829 320 00074")).toBeNull();
    expect(companyIdProblem("SIRET", "7328293200007")).toBe("Le SIRET doit contenir 14 chiffres (13 saisis).");
    expect(companyIdProblem("SIRET", "73282932000075")).toMatch(/^Ce SIRET n'existe pas : sa clé de contrôle/);
    expect(companyIdProblem("SIREN", "732829320")).toBeNull();
    expect(companyIdProblem("SIREN", "73282932A")).toBe("Le SIREN doit contenir 9 chiffres (8 saisis).");
  });
});
