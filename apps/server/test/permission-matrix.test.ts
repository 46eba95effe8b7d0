import { PROFILE_TYPES, type ProfileType } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../src/lib/actor.js";
import { isAllowed } from "../src/lib/authorization.js";
import { loadGrants } from "../src/modules/profiles/profiles.repository.js";
import { buildUser } from "./factories.js";
import { signIn } from "./session.js";
import { createTestApp, type TestContext } from "./test-app.js";

const SAMPLE_PARAMS: Record<string, string> = {
  id: "00000000-0000-4000-8000-000000000000",
  profileType: "CC",
  type: "all",
  clientId: "00000000-0000-4000-8000-000000000001",
  contractId: "00000000-0000-4000-8000-000000000002",
  requestClientId: "00000000-0000-4000-8000-000000000003",
};

const fillParams = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? "x");
// Logging out ends the session the walk uses: keep it for the end.
const byLogoutLast = (a: { url: string }, b: { url: string }) =>
  Number(a.url === "/auth/logout") - Number(b.url === "/auth/logout");

/** The whole matrix: every API route × every profile type, allow or deny from the grants. */
describe("authorization matrix", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("declares an access rule for every route", () => {
    expect(ctx.app.routeAccess.length).toBeGreaterThan(10);
  });

  it("refuses every non-public route to an anonymous caller with 401", async () => {
    for (const route of ctx.app.routeAccess) {
      const response = await ctx.app.inject({
        method: route.method as "GET",
        url: fillParams(route.url),
        payload: route.method === "GET" ? undefined : {},
      });
      if (route.access === "public") expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      else expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const profileType of PROFILE_TYPES as readonly ProfileType[]) {
    it(`enforces the grants of ${profileType} on every route`, async () => {
      const user = await buildUser(ctx.handle.db, profileType);
      const session = await signIn(ctx, user.identifier);
      const actor: Actor = {
        userId: user.id,
        label: "",
        profileType,
        grants: await loadGrants(ctx.handle.db, profileType),
        auditorId: user.auditorId,
        clientId: user.clientId,
        sessionId: "",
      };
      const routes = [...ctx.app.routeAccess].sort(byLogoutLast);
      for (const route of routes) {
        const response = await ctx.app.inject({
          method: route.method as "GET",
          url: fillParams(route.url),
          headers: session.bearer,
          payload: route.method === "GET" ? undefined : {},
        });
        const label = `${profileType} ${route.method} ${route.url} → ${response.statusCode}`;
        if (isAllowed(route.access, actor)) expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(403);
      }
    });
  }
});
