import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories.js";
import { multipartBody, samplePdf } from "../../test/multipart.js";
import { signIn } from "../../test/session.js";
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

  it("let no browser or proxy keep what a user reads: JSON, exports, documents, errors", async () => {
    const admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const uploaded = await ctx.app.inject({
      method: "POST",
      url: "/api/documents",
      ...multipartBody({ family: "GENERAL" }, { name: "procedure.pdf", data: samplePdf() }, admin.bearer),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const document = uploaded.json() as { id: string; url: string; downloadUrl: string };
    const answers = {
      json: await ctx.app.inject({ url: "/auth/me", headers: admin.bearer }),
      list: await ctx.app.inject({
        method: "POST",
        url: "/api/client/getListClient",
        headers: admin.bearer,
        payload: {},
      }),
      export: await ctx.app.inject({ url: "/api/clients/extractClientList", headers: admin.bearer }),
      document: await ctx.app.inject({ url: document.url }),
      download: await ctx.app.inject({ url: document.downloadUrl }),
      notFound: await ctx.app.inject({
        url: `/api/documents/${document.id.replace(/.$/, "0")}`,
        headers: admin.bearer,
      }),
      signedOut: await ctx.app.inject({ url: "/auth/me" }),
    };
    for (const [kind, response] of Object.entries(answers)) {
      expect(response.statusCode, kind).toBeLessThan(kind === "notFound" || kind === "signedOut" ? 500 : 300);
      expect(response.headers["cache-control"], kind).toBe("no-store");
    }
    expect(answers.export.headers["content-type"]).toContain("spreadsheetml");
    expect(answers.download.headers["content-disposition"]).toContain("attachment");
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
