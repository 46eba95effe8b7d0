import { describe, expect, it } from "vitest";
import {
  MASKS,
  maskDigits,
  maskErrorMessage,
  maskTime,
  validateEmailMask,
  validateIp,
  validatePercentage,
  validateTaxId,
  validateTime,
} from "./masks.js";
import { VALIDATION_MESSAGES, Validators } from "./validators.js";

describe("masks", () => {
  it("IP octets at most 255", () => {
    expect(validateIp("192.168.1.255")).toBeNull();
    expect(validateIp("192.168.1.256")).toEqual({ mask: MASKS.ip, actualValue: "192.168.1.256" });
    expect(validateIp("10.0.0")).not.toBeNull();
  });

  it("tax identifier has 11 or 14 digits", () => {
    expect(validateTaxId("12345678901")).toBeNull();
    expect(validateTaxId("123 456 789 01234")).toBeNull();
    expect(validateTaxId("123456789")).toEqual({ mask: MASKS.taxId, actualValue: "123456789" });
    expect(validateTaxId("1234567890A")).not.toBeNull();
  });

  it("e-mail is text@text.text", () => {
    expect(validateEmailMask("a.b@essms.fr")).toBeNull();
    expect(validateEmailMask("a@b")).toEqual({ mask: "texte@texte.texte", actualValue: "a@b" });
    expect(validateEmailMask("a@.fr")).not.toBeNull();
    expect(validateEmailMask("a b@c.fr")).not.toBeNull();
  });

  it("time HH:mm rejects incomplete values", () => {
    expect(validateTime("08:30")).toBeNull();
    expect(validateTime("23:59")).toBeNull();
    expect(validateTime("12:3")).toEqual({ mask: "HH:mm", actualValue: "12:3" });
    expect(validateTime("24:00")).not.toBeNull();
    expect(maskTime("0830")).toBe("08:30");
    expect(maskTime("123")).toBe("12:3");
    expect(maskTime("12h345")).toBe("12:34");
  });

  it("percentages 0 to 100", () => {
    expect(validatePercentage("0")).toBeNull();
    expect(validatePercentage("100")).toBeNull();
    expect(validatePercentage("12,5")).toBeNull();
    expect(validatePercentage("100.1")).toEqual({ mask: "0 à 100", actualValue: "100.1" });
    expect(validatePercentage("-1")).not.toBeNull();
  });

  it("lets empty values through and explains errors in French", () => {
    expect(validateIp("")).toBeNull();
    expect(validateTime(null)).toBeNull();
    expect(maskErrorMessage({ mask: "HH:mm", actualValue: "1" })).toBe("Format attendu : HH:mm.");
    expect(maskDigits("12a34b5", 4)).toBe("1234");
  });
});

describe("Validators", () => {
  it("required", () => {
    const v = Validators.required();
    expect(v("")).toBe("Ce champ est obligatoire.");
    expect(v("  ")).toBe(VALIDATION_MESSAGES.required);
    expect(v([])).toBe(VALIDATION_MESSAGES.required);
    expect(v(0)).toBeNull();
    expect(v("x")).toBeNull();
  });

  it("min and max", () => {
    expect(Validators.min(3)(2)).toBe("La valeur doit être au moins 3.");
    expect(Validators.min(3)("3")).toBeNull();
    expect(Validators.max(10)(11)).toBe("La valeur doit être au plus 10.");
    expect(Validators.max(10)("abc")).toBe("Saisissez un nombre.");
    expect(Validators.min(3)("")).toBeNull();
  });

  it("minLength and maxLength", () => {
    expect(Validators.minLength(3)("ab")).toBe("Saisissez au moins 3 caractères.");
    expect(Validators.maxLength(1)("ab")).toBe("Saisissez au plus 1 caractère.");
    expect(Validators.maxLength(2)("ab")).toBeNull();
  });

  it("pattern matches the whole value", () => {
    const postalCode = Validators.pattern(/\d{5}/);
    expect(postalCode("75001")).toBeNull();
    expect(postalCode("750011")).toBe("Le format est invalide.");
    expect(Validators.pattern("[A-Z]+", "Majuscules")("abc")).toBe("Majuscules");
  });

  it("email and mask", () => {
    expect(Validators.email()("x@y")).toBe("L'adresse e-mail est invalide.");
    expect(Validators.email()("x@y.fr")).toBeNull();
    expect(Validators.mask(validateTime)("9:5")).toBe("Format attendu : HH:mm.");
  });

  it("compose returns the first message", () => {
    const v = Validators.compose(Validators.required(), Validators.email());
    expect(v("")).toBe(VALIDATION_MESSAGES.required);
    expect(v("nope")).toBe(VALIDATION_MESSAGES.email);
    expect(v("a@b.fr")).toBeNull();
  });
});
