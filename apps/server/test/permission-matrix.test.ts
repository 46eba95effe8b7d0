import { defaultGrants, OPERATIONS, PERMISSION_CODES, PROFILE_TYPES, type ProfileType } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceGrants } from "../src/modules/profiles/profiles.repository.js";
import { buildUser } from "./factories.js";
import { docAllows, docClosedToPortal, readPermissionsDoc } from "./permissions-doc.js";
import { authChangesHeard, signIn } from "./session.js";
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
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const describeAccess = (access: unknown) => JSON.stringify(access);

/**
 * The whole matrix, every API route × every profile type, against an oracle nobody derived from the
 * code: the two tables of docs/permissions.md (the default rights of each profile, the right each
 * route requires). A route declared with another right than the documented one fails here.
 */
describe("authorization matrix", () => {
  const doc = readPermissionsDoc();
  const documented = new Map(doc.routes.map((route) => [key(route), route]));
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("documents every route of the app in docs/permissions.md, and no route the app lacks", () => {
    const declared = ctx.app.routeAccess.map(key);
    expect(declared.length).toBeGreaterThan(10);
    const missing = declared.filter((route) => !documented.has(route));
    const extra = [...documented.keys()].filter((route) => !declared.includes(route));
    expect(missing, "routes to add to the route table of docs/permissions.md").toEqual([]);
    expect(extra, "rows of docs/permissions.md naming no route").toEqual([]);
  });

  it("declares on every route the right that docs/permissions.md requires", () => {
    const wrong = ctx.app.routeAccess
      .filter((route) => {
        const expected = documented.get(key(route))?.access;
        return expected && describeAccess(expected) !== describeAccess(route.access);
      })
      .map(
        (route) =>
          `${key(route)}: declared ${describeAccess(route.access)}, documented ${describeAccess(documented.get(key(route))?.access)}`,
      );
    expect(wrong).toEqual([]);
  });

  it("writes the documented default rights of every profile", () => {
    for (const profile of PROFILE_TYPES as readonly ProfileType[])
      for (const grant of defaultGrants(profile))
        for (const op of OPERATIONS)
          expect(grant.operation[op], `${profile} ${grant.code} ${op}`).toBe(
            doc.grants[profile][grant.code]?.has(op) ?? false,
          );
  });

  it("refuses every non-public route to an anonymous caller with 401", async () => {
    for (const route of doc.routes) {
      const response = await ctx.app.inject({
        method: route.method as "GET",
        url: fillParams(route.url),
        payload: route.method === "GET" ? undefined : {},
      });
      const label = `${route.method} ${route.url} → ${response.statusCode}`;
      if (docAllows({}, route.access, false)) expect(response.statusCode, label).not.toBe(401);
      else expect(response.statusCode, label).toBe(401);
    }
  });

  for (const profileType of PROFILE_TYPES as readonly ProfileType[]) {
    it(`answers ${profileType} on every route as the documented rights say`, async () => {
      const user = await buildUser(ctx.handle.db, profileType);
      const session = await signIn(ctx, user.identifier);
      for (const route of [...doc.routes].sort(byLogoutLast)) {
        const response = await ctx.app.inject({
          method: route.method as "GET",
          url: fillParams(route.url),
          headers: session.bearer,
          payload: route.method === "GET" ? undefined : {},
        });
        const label = `${profileType} ${route.method} ${route.url} → ${response.statusCode}`;
        if (docAllows(doc.grants[profileType], route.access, true, doc.portalCodes[profileType]))
          expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(403);
      }
    });
  }

  // Rights are edited in the settings: a staff code granted by mistake (here straight in the database, past
  // the rights screen's refusal) must open no staff route to an evaluator or a client user.
  for (const profileType of ["AUDITEUR", "MYQUALIANOR"] as const) {
    it(`refuses every staff route to ${profileType} even with every right granted`, async () => {
      const everything = PERMISSION_CODES.map((code) => ({
        code,
        operation: { create: true, read: true, update: true, delete: true },
      }));
      await replaceGrants(ctx.handle.db, profileType, everything);
      await authChangesHeard(ctx);
      try {
        const user = await buildUser(ctx.handle.db, profileType);
        const session = await signIn(ctx, user.identifier);
        const staffRoutes = doc.routes.filter((route) => docClosedToPortal(route.access, doc.portalCodes[profileType]));
        expect(staffRoutes.length).toBeGreaterThan(50);
        for (const route of staffRoutes) {
          const response = await ctx.app.inject({
            method: route.method as "GET",
            url: fillParams(route.url),
            headers: session.bearer,
            payload: route.method === "GET" ? undefined : {},
          });
          expect(response.statusCode, `${profileType} ${route.method} ${route.url}`).toBe(403);
        }
      } finally {
        await replaceGrants(ctx.handle.db, profileType, defaultGrants(profileType));
        await authChangesHeard(ctx);
      }
    });
  }
});
