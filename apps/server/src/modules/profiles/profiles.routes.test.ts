import { defaultGrants, MESSAGES, type PermissionGrant } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { errorOf, type Session, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

const withSetting = (grants: PermissionGrant[], flags: Partial<PermissionGrant["operation"]>) =>
  grants.map((g) => (g.code === "SETTING" ? { ...g, operation: { ...g.operation, ...flags } } : g));

describe("profiles and rights", () => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
  });
  afterAll(() => ctx.close());

  const update = (profileType: string, permissions: PermissionGrant[], version: number) =>
    ctx.app.inject({
      method: "PUT",
      url: `/api/profiles/${profileType}/permissions`,
      headers: admin.bearer,
      payload: { permissions, version },
    });

  it("lists every profile with the default grants designed for the trade", async () => {
    const response = await ctx.app.inject({ url: "/api/profiles", headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    const profiles = response.json() as Array<{ profileType: string; permissions: PermissionGrant[]; label: string }>;
    expect(profiles.map((p) => p.profileType)).toEqual([
      "DIR",
      "CC",
      "CMCC",
      "CMADMIN",
      "QSE",
      "RH",
      "CPI",
      "COMPTA",
      "AUDITEUR",
      "MYQUALIANOR",
    ]);
    expect(profiles.find((p) => p.profileType === "CC")?.permissions).toEqual(defaultGrants("CC"));
    expect(profiles.find((p) => p.profileType === "CC")?.label).toBe("Chargé(e) de clientèle");
  });

  it("applies new grants at the user's next request, and refuses a stale version", async () => {
    const cc = await buildUser(ctx.handle.db, "CC");
    const session = await signIn(ctx, cc.identifier);
    expect((await ctx.app.inject({ url: "/api/profiles", headers: session.bearer })).statusCode).toBe(403);

    const saved = await update("CC", withSetting(defaultGrants("CC"), { read: true }), 1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect((await ctx.app.inject({ url: "/api/profiles", headers: session.bearer })).statusCode).toBe(200);

    const stale = await update("CC", defaultGrants("CC"), 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(MESSAGES.staleVersion);
    expect((await ctx.app.inject({ url: "/api/profiles", headers: session.bearer })).statusCode).toBe(200);
  });

  it("keeps Direction able to administer the rights", async () => {
    const response = await update("DIR", withSetting(defaultGrants("DIR"), { update: false }), 1);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      "Le profil Direction doit garder la lecture et la modification des paramètres et toute l'administration des comptes.",
    );
  });

  it("refuses an unknown profile or permission code", async () => {
    expect((await update("PIRATE", defaultGrants("CC"), 1)).statusCode).toBe(400);
    const bad = [{ code: "INCONNU", operation: { create: true, read: true, update: true, delete: true } }];
    expect((await update("CC", bad as unknown as PermissionGrant[], 2)).statusCode).toBe(400);
  });
});
