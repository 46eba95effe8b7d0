import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { securityHeaders } from "./security-headers.js";

describe("security headers", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("are helmet's, computed once, on the API's answers, its refusals and its unknown paths", async () => {
    for (const url of ["/health", "/api/clients", "/api/nothing-here"]) {
      const response = await ctx.app.inject({ url });
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(response.headers["content-security-policy"], url).toContain("object-src 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
      // Plain http in tests: no HSTS, which would only confuse a browser there.
      expect(response.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("are exactly what helmet's middleware writes for the same options", () => {
    const options = { hsts: { maxAge: 15552000 }, contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } };
    const written: Record<string, string> = {};
    helmet(options)(
      {} as never,
      {
        setHeader: (name: string, value: string) => (written[name.toLowerCase()] = value),
        removeHeader: () => {},
      } as never,
      () => {},
    );
    expect(securityHeaders(options)).toEqual(written);
    expect(written["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
  });

  it("refuses options helmet refuses, at start", () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["self"] } } })).toThrow();
  });
});
