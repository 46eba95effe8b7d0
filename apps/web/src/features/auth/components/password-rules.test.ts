import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules";

describe("passwordProblem", () => {
  it("asks for 8 characters at least", () => {
    expect(passwordProblem("court", "court")).toBe("Le mot de passe doit contenir au moins 8 caractères.");
  });

  it("asks for the same password twice", () => {
    expect(passwordProblem("Printemps-2026", "Printemps-2025")).toBe("Les deux mots de passe ne correspondent pas.");
  });

  it("accepts a long enough, confirmed password", () => {
    expect(passwordProblem("Printemps-2026", "Printemps-2026")).toBeNull();
  });
});
