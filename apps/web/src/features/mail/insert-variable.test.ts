import { describe, expect, it } from "vitest";
import { insertVariable, variableToken } from "./insert-variable";

describe("insertVariable", () => {
  it("inserts the variable at the caret", () => {
    expect(insertVariable("Bonjour ,", "contact.firstName", 8, 8)).toEqual({
      text: "Bonjour {{contact.firstName}},",
      cursor: 29,
    });
  });

  it("replaces the selected text", () => {
    expect(insertVariable("Devis NUMERO joint", "quote.number", 6, 12)).toEqual({
      text: "Devis {{quote.number}} joint",
      cursor: 22,
    });
  });

  it("appends at the end without a caret position", () => {
    expect(insertVariable("Cordialement, ", "user.firstName")).toEqual({
      text: "Cordialement, {{user.firstName}}",
      cursor: 32,
    });
    expect(insertVariable("abc", "link", 99, 99).text).toBe("abc{{link}}");
  });

  it("writes the template placeholder", () => {
    expect(variableToken("company.name")).toBe("{{company.name}}");
  });
});
