import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirect } from "./login-redirect";

describe("sign-in redirect", () => {
  it("carries the page asked for to /login", () => {
    expect(loginPathFor({ pathname: "/app/client/12", search: "?tab=contrat", hash: "#x" })).toBe(
      "/login?redirect=%2Fapp%2Fclient%2F12%3Ftab%3Dcontrat%23x",
    );
    expect(loginPathFor({ pathname: "/" })).toBe("/login");
    expect(loginPathFor({ pathname: "/login" })).toBe("/login");
  });

  it("follows only paths of this site", () => {
    const origin = "https://certidesk.exemple.fr";
    expect(safeRedirect("/app/client/12?tab=contrat", origin)).toBe("/app/client/12?tab=contrat");
    for (const evil of [
      "https://evil.fr/app",
      "//evil.fr/app",
      "/\\evil.fr",
      "\\\\evil.fr",
      "javascript:alert(1)",
      "/login?redirect=/app",
      "app/client",
      "",
      null,
    ]) {
      expect(safeRedirect(evil, origin), String(evil)).toBeNull();
    }
  });
});
