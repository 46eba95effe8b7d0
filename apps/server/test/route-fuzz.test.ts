import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "./factories.js";
import { type Session, signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Every route of the OpenAPI description, called the wrong way by a signed-in Direction user: unknown
 * ids, NUL characters, junk bodies and queries. None may answer 500, and every refusal has the one
 * French error shape.
 */
const ENGLISH = /\b(the|is|expected|Invalid|Too|Required|must|Unexpected|Route)\b/;

describe("every route refuses bad input in French, never with a 500", () => {
  let ctx: TestContext;
  let dir: Session;

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  it("walks the whole route table", async () => {
    const routes = ctx.app.routeAccess.filter(
      (r) => !["/auth/logout", "/auth/change-password", "/auth/login"].includes(r.url),
    );
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const fill = (value: string) => route.url.replace(/:(\w+)/g, () => value);
      const attempts: Array<{ url: string; payload?: unknown }> = [
        { url: fill("00000000-0000-4000-8000-000000000000"), payload: {} },
        { url: fill("%00"), payload: { name: "\u0000" } },
        { url: `${fill("pas-un-uuid")}?page=abc&pageSize=-4&search=%00&sort=zzz`, payload: { a: [1, { b: null }] } },
        { url: fill("00000000-0000-4000-8000-000000000000"), payload: [] },
      ];
      for (const attempt of attempts) {
        const response = await ctx.app.inject({
          method: route.method as "GET",
          url: attempt.url,
          headers: dir.bearer,
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: attempt.payload as object }),
        });
        const label = `${route.method} ${attempt.url} → ${response.statusCode}`;
        if (response.statusCode >= 500) failures.push(`${label} ${response.body.slice(0, 200)}`);
        if (response.statusCode >= 400 && response.headers["content-type"]?.toString().includes("json")) {
          const body = response.json() as {
            error?: { code?: string; message?: string; requestId?: string; details?: unknown };
          };
          const detailMessages = Array.isArray(body.error?.details)
            ? (body.error.details as Array<{ message?: string }>).map((d) => d.message ?? "")
            : [];
          if (
            !body.error?.code ||
            !body.error.requestId ||
            [body.error.message ?? "", ...detailMessages].some((m) => ENGLISH.test(m))
          ) {
            failures.push(`${label} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000); // every route of the table, several bad inputs each: long on PGlite on a busy machine
});
