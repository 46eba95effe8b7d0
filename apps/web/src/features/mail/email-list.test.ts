import { describe, expect, it } from "vitest";
import { invalidEmailsMessage, mergeEmails } from "./email-list";

describe("mergeEmails", () => {
  it("adds valid addresses and drops duplicates whatever their case", () => {
    const result = mergeEmails(
      ["direction@ehpad.fr"],
      [" Direction@EHPAD.fr ", "qualite@ehpad.fr", "qualite@ehpad.fr"],
    );
    expect(result).toEqual({ emails: ["direction@ehpad.fr", "qualite@ehpad.fr"], invalid: [] });
  });

  it("sets aside what is not an address", () => {
    const result = mergeEmails([], ["marie.lefebvre", "marie@ehpad", "marie@ehpad.fr", ""]);
    expect(result.emails).toEqual(["marie@ehpad.fr"]);
    expect(result.invalid).toEqual(["marie.lefebvre", "marie@ehpad"]);
  });
});

describe("mergeEmails with several addresses in one entry", () => {
  it("splits on commas, semicolons and spaces", () => {
    const result = mergeEmails([], ["direction@ehpad.fr, qualite@ehpad.fr;rh@ehpad.fr pasbon"]);
    expect(result.emails).toEqual(["direction@ehpad.fr", "qualite@ehpad.fr", "rh@ehpad.fr"]);
    expect(result.invalid).toEqual(["pasbon"]);
  });
});

describe("invalidEmailsMessage", () => {
  it("names the refused entries in French", () => {
    expect(invalidEmailsMessage([])).toBeNull();
    expect(invalidEmailsMessage(["marie"])).toBe("« marie » n'est pas une adresse e-mail valide.");
    expect(invalidEmailsMessage(["a", "b"])).toBe(
      "Ces entrées ne sont pas des adresses e-mail valides : « a », « b ».",
    );
  });
});
