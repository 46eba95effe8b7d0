import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules";

describe("passwordProblem", () => {
  it("asks for 12 characters at least, varied, without control characters", () => {
    expect(passwordProblem("court", "court")).toBe("Le mot de passe doit contenir au moins 12 caractères.");
    expect(passwordProblem("12345678", "12345678")).toBe("Le mot de passe doit contenir au moins 12 caractères.");
    const spaces = " ".repeat(12);
    expect(passwordProblem(spaces, spaces)).toBe("Ce mot de passe est trop répétitif : variez les caractères.");
    const nul = "Printemps\u0000-2026";
    expect(passwordProblem(nul, nul)).toBe("Le mot de passe ne doit pas contenir de caractères de contrôle.");
  });

  it("asks for the same password twice", () => {
    expect(passwordProblem("Printemps-2026", "Printemps-2025")).toBe("Les deux mots de passe ne correspondent pas.");
  });

  it("accepts a long enough, confirmed password", () => {
    expect(passwordProblem("Printemps-2026", "Printemps-2026")).toBeNull();
  });
});
