import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf } from "../../test/session.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;
const SOME_ID = "00000000-0000-4000-8000-000000000000";

describe("a wrong method on an existing API path", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("answers 405 with Allow on every registered path, in the one French error shape", async () => {
    // A concrete path is answered by every route whose segments match it (a parameter takes any
    // segment: PUT /api/documents/view reaches PUT /api/documents/:id).
    const matches = (url: string, path: string) => {
      const [a, b] = [url.split("/"), path.split("/")];
      return a.length === b.length && a.every((segment, i) => segment.startsWith(":") || segment === b[i]);
    };
    const byPath = new Map<string, Set<string>>();
    for (const route of ctx.app.routeAccess) {
      for (const path of [route.url.replace(/:[^/]+/g, SOME_ID), route.url.replace(/:[^/]+/g, "x")]) {
        const methods = ctx.app.routeAccess.filter((r) => matches(r.url, path)).map((r) => r.method);
        byPath.set(path, new Set(methods));
      }
    }
    expect(byPath.size).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const [path, methods] of byPath) {
      const method = METHODS.find((m) => !methods.has(m));
      if (!method) continue;
      const response = await ctx.app.inject({ method, url: path, payload: method === "GET" ? undefined : {} });
      const allow = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");
      if (response.statusCode !== 405 || response.headers.allow !== allow) {
        wrong.push(`${method} ${path} → ${response.statusCode} (Allow: ${response.headers.allow ?? "—"})`);
        continue;
      }
      expect(errorOf(response)).toMatchObject({
        code: "METHOD_NOT_ALLOWED",
        message: "Cette méthode n'est pas acceptée à cette adresse.",
        requestId: expect.any(String),
      });
    }
    expect(wrong).toEqual([]);
  });

  it("names DELETE /api/missions as such, and keeps unknown paths at 404", async () => {
    const response = await ctx.app.inject({ method: "DELETE", url: "/api/missions?page=2" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    for (const url of ["/api/nothing-here", "/api/missions/a/b/c/d", "/auth/nowhere"]) {
      const unknown = await ctx.app.inject({ method: "DELETE", url });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown)).toMatchObject({ code: "NOT_FOUND", message: "Adresse inconnue." });
    }
  });
});
