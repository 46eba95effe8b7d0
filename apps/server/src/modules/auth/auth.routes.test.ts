import { MESSAGES, PERMISSION_CODES } from "@certidesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, TEST_PASSWORD } from "../../../test/factories.js";
import { errorOf, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

describe("sign-in and sessions", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ throttle: { maxPerAccount: 3 } });
  });
  afterAll(() => ctx.close());

  it("answers the stored user with its grants and an access token", async () => {
    const user = await buildUser(ctx.handle.db, "AUDITEUR");
    const response = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: user.identifier.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: user.id, profileType: "AUDITEUR", auditorId: user.auditorId, clientId: null });
    expect(body.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(body.permissions).toHaveLength(PERMISSION_CODES.length);
    expect(body.permissions.find((p: { code: string }) => p.code === "MISSION").operation.read).toBe(true);
    const cookie = response.cookies.find((c) => c.name === "certidesk_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(response.cookies.find((c) => c.name === "certidesk_csrf")?.httpOnly).toBeFalsy();
  });

  it("gives the same 401 for a wrong password and an unknown identifier", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: user.identifier, password: "nope" },
    });
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: "personne@x.fr", password: "nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe("Identifiant ou mot de passe incorrect.");
    expect(errorOf(unknown).message).toBe(errorOf(wrong).message);
  });

  it("rate-limits repeated failures with a French 429", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const attempt = (password: string) =>
      ctx.app.inject({ method: "POST", url: "/auth/login", payload: { identifier: user.identifier, password } });
    for (let i = 0; i < 3; i++) expect((await attempt("mauvais")).statusCode).toBe(401);
    const blocked = await attempt(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses an empty body with a French validation message", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: "", password: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("L'identifiant est obligatoire.");
  });

  it("revokes the session at logout", async () => {
    const user = await buildUser(ctx.handle.db, "QSE");
    const session = await signIn(ctx, user.identifier);
    expect((await ctx.app.inject({ url: "/auth/me", headers: session.bearer })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "POST", url: "/auth/logout", headers: session.bearer })).statusCode).toBe(
      200,
    );
    const after = await ctx.app.inject({ url: "/auth/me", headers: session.bearer });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe("UNAUTHENTICATED");
  });

  it("requires the CSRF header on writes made with the cookie, not with a bearer token", async () => {
    const user = await buildUser(ctx.handle.db, "QSE");
    const session = await signIn(ctx, user.identifier);
    const noHeader = await ctx.app.inject({ method: "POST", url: "/auth/logout", headers: { cookie: session.cookie } });
    expect(noHeader.statusCode).toBe(403);
    expect(errorOf(noHeader).message).toBe(MESSAGES.csrf);
    const badHeader = await ctx.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { cookie: session.cookie, "x-csrf-token": "faux" },
    });
    expect(badHeader.statusCode).toBe(403);
    const read = await ctx.app.inject({ url: "/auth/me", headers: { cookie: session.cookie } });
    expect(read.statusCode).toBe(200);
    const ok = await ctx.app.inject({ method: "POST", url: "/auth/logout", headers: session.browser });
    expect(ok.statusCode).toBe(200);
  });

  it("ends every session of a user who is deactivated or gets a provisional password", async () => {
    const admin = await buildUser(ctx.handle.db, "DIR");
    const adminSession = await signIn(ctx, admin.identifier);
    const target = await buildUser(ctx.handle.db, "CPI");
    const first = await signIn(ctx, target.identifier);
    const reset = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${target.id}/temporary-password`,
      headers: adminSession.bearer,
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/auth/me", headers: first.bearer })).statusCode).toBe(401);

    const provisional = (reset.json() as { temporaryPassword: string }).temporaryPassword;
    const second = await signIn(ctx, target.identifier, provisional);
    const deactivate = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${target.id}/active`,
      headers: adminSession.bearer,
      payload: { active: false, version: 2 },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await ctx.app.inject({ url: "/auth/me", headers: second.bearer })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: target.identifier, password: provisional },
    });
    expect(again.statusCode).toBe(401);
  });

  it("lets a user change their own password, checking the current one", async () => {
    const user = await buildUser(ctx.handle.db, "RH");
    const session = await signIn(ctx, user.identifier);
    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: session.bearer,
      payload: { currentPassword: "faux", newPassword: "Encore-un-2026" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe("Le mot de passe actuel est incorrect.");
    const tooShort = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: session.bearer,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "court" },
    });
    expect(errorOf(tooShort).message).toBe("Le mot de passe doit contenir au moins 12 caractères.");
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: session.bearer,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "Encore-un-2026" },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/auth/me", headers: session.bearer })).statusCode).toBe(401);
    await signIn(ctx, user.identifier, "Encore-un-2026");
  });

  it("answers 403 for a granted-out route and 404 for a record out of scope", async () => {
    const cc = await buildUser(ctx.handle.db, "CC");
    const ccSession = await signIn(ctx, cc.identifier);
    const denied = await ctx.app.inject({ url: "/api/users", headers: ccSession.bearer });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).message).toBe(MESSAGES.forbidden);

    const evaluator = await buildUser(ctx.handle.db, "AUDITEUR");
    const other = await buildUser(ctx.handle.db, "AUDITEUR");
    const session = await signIn(ctx, evaluator.identifier);
    const own = await ctx.app.inject({ url: `/api/auditors/${evaluator.auditorId}`, headers: session.bearer });
    expect(own.statusCode).toBe(200);
    const foreign = await ctx.app.inject({ url: `/api/auditors/${other.auditorId}`, headers: session.bearer });
    expect(foreign.statusCode).toBe(404);
  });

  it("gives a client user their own client only", async () => {
    const clientUser = await buildUser(ctx.handle.db, "MYQUALIANOR");
    const session = await signIn(ctx, clientUser.identifier);
    const response = await ctx.app.inject({ url: "/api/client/get-client-user", headers: session.bearer });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(clientUser.clientId);
    const dir = await buildUser(ctx.handle.db, "DIR");
    const dirSession = await signIn(ctx, dir.identifier);
    const none = await ctx.app.inject({ url: "/api/client/get-client-user", headers: dirSession.bearer });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe("Aucun client n'est rattaché à votre compte.");
  });
});
