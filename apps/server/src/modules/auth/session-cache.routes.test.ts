import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.js";
import { signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { profilePermissions, sessions, users } from "../../db/schema/index.js";

/**
 * Sessions kept in memory (session-cache.ts) must never outlive a change made elsewhere: here the changes
 * are written straight into the database, as another server would, and only the database's notice can
 * tell this server. PGlite delivers it before the write's promise settles; PostgreSQL a moment after the
 * commit, hence the short wait.
 */
describe("sessions kept in memory, changed by another server", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const statusWithin = async (headers: Record<string, string>, url: string, expected: number) => {
    let status = 0;
    for (let i = 0; i < 40; i++) {
      status = (await ctx.app.inject({ method: "GET", url, headers })).statusCode;
      if (status === expected) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return status;
  };

  it("refuses a session revoked in the database after it was used", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const session = await signIn(ctx, user.identifier);
    expect((await ctx.app.inject({ method: "GET", url: "/auth/me", headers: session.bearer })).statusCode).toBe(200);
    await ctx.handle.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await statusWithin(session.bearer, "/auth/me", 401)).toBe(401);
  });

  it("refuses the sessions of a user deactivated in the database", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const session = await signIn(ctx, user.identifier);
    expect((await ctx.app.inject({ method: "GET", url: "/auth/me", headers: session.bearer })).statusCode).toBe(200);
    await ctx.handle.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await statusWithin(session.bearer, "/auth/me", 401)).toBe(401);
  });

  it("applies a profile's grants taken away in the database to the sessions already used", async () => {
    const user = await buildUser(ctx.handle.db, "COMPTA");
    const session = await signIn(ctx, user.identifier);
    const url = "/api/invoices?pageSize=5";
    expect((await ctx.app.inject({ method: "GET", url, headers: session.bearer })).statusCode).toBe(200);
    const invoiceGrant = and(eq(profilePermissions.profileType, "COMPTA"), eq(profilePermissions.code, "INVOICE"));
    const [grant] = await ctx.handle.db.select().from(profilePermissions).where(invoiceGrant);
    await ctx.handle.db.delete(profilePermissions).where(invoiceGrant);
    try {
      expect(await statusWithin(session.bearer, url, 403)).toBe(403);
    } finally {
      if (grant) await ctx.handle.db.insert(profilePermissions).values(grant);
    }
    expect(await statusWithin(session.bearer, url, 200)).toBe(200);
  });

  // PostgreSQL only: PGlite's notices never travel over a connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "keeps nothing while its listening connection is down, and follows the notices again once it is back",
    async () => {
      const user = await buildUser(ctx.handle.db, "CC");
      const session = await signIn(ctx, user.identifier);
      expect((await ctx.app.inject({ method: "GET", url: "/auth/me", headers: session.bearer })).statusCode).toBe(200);
      const listeners = () =>
        ctx.handle.queryRaw<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
        );
      expect(await listeners()).toHaveLength(1);
      await ctx.handle.queryRaw(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
      );
      // The revocation's notice goes nowhere: only forgetting everything when the connection dropped saves it.
      await ctx.handle.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect(await statusWithin(session.bearer, "/auth/me", 401)).toBe(401);
      // Back within a few seconds (a growing delay from 250 ms), and the notices work again.
      for (let i = 0; i < 100 && (await listeners()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await listeners()).toHaveLength(1);
      const other = await signIn(ctx, (await buildUser(ctx.handle.db, "CC")).identifier);
      expect((await ctx.app.inject({ method: "GET", url: "/auth/me", headers: other.bearer })).statusCode).toBe(200);
      await ctx.handle.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, other.userId));
      expect(await statusWithin(other.bearer, "/auth/me", 401)).toBe(401);
    },
  );
});
