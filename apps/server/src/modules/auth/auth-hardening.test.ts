import { FORGOT_PASSWORD_ANSWER } from "@certidesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, TEST_PASSWORD } from "../../../test/factories.js";
import { errorOf, signIn } from "../../../test/session.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { mailOutbox, throttleCounters } from "../../db/schema/index.js";

const login = (ctx: TestContext, identifier: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: "/auth/login", payload: { identifier, password }, headers });

describe("sign-in under attack", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ throttle: { maxPerAccount: 5, maxPerIdentifier: 8, maxPerAddress: 12 } });
  });
  afterAll(() => ctx.close());

  it("counts each attempt before the password check: parallel wrong passwords get 429 past the limit", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(ctx, user.identifier, "mauvais", { "x-forwarded-for": "10.0.0.1" })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it("does not let a rotating X-Forwarded-For choose a new throttle bucket (no proxy trusted by default)", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await login(ctx, user.identifier, "mauvais", { "x-forwarded-for": `203.0.113.${i}` });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe("two servers on one database", () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    ctx = await createTestApp({ throttle: { maxPerAccount: 3 } });
    // A second instance of the application on the same database, as behind a load balancer.
    other = await buildApp({ config: ctx.config, handle: ctx.handle, throttle: { maxPerAccount: 3 } });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it("shares the sign-in and forgot-password counters: switching servers gains nothing", async () => {
    const user = await buildUser(ctx.handle.db, "CC");
    const wrong = (app: typeof other) =>
      app.inject({ method: "POST", url: "/auth/login", payload: { identifier: user.identifier, password: "mauvais" } });
    expect((await wrong(ctx.app)).statusCode).toBe(401);
    expect((await wrong(other)).statusCode).toBe(401);
    expect((await wrong(ctx.app)).statusCode).toBe(401);
    const blocked = await wrong(other);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe("TOO_MANY_REQUESTS");
    expect((await wrong(ctx.app)).statusCode).toBe(429);

    const forgot = (app: typeof other) =>
      app.inject({ method: "POST", url: "/auth/forgot-password", payload: { identifier: "partage@x.fr" } });
    expect([(await forgot(ctx.app)).statusCode, (await forgot(other)).statusCode]).toEqual([200, 200]);
    expect([(await forgot(ctx.app)).statusCode, (await forgot(other)).statusCode]).toEqual([200, 429]);
    // Counters are rows, keyed by hashes: neither the identifier nor the address is stored.
    const keys = (await ctx.handle.db.select().from(throttleCounters)).map((r) => r.key).join(" ");
    expect(keys).not.toContain(user.identifier);
    expect(keys).not.toContain("partage@x.fr");
  });

  it("keeps an account-and-address pair blocked on the other server too, even a known one", async () => {
    const user = await buildUser(ctx.handle.db, "CMCC");
    expect((await login(ctx, user.identifier, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await login(ctx, user.identifier, "mauvais");
    expect((await login(ctx, user.identifier, TEST_PASSWORD)).statusCode).toBe(429);
    const fromOther = await other.inject({
      method: "POST",
      url: "/auth/login",
      payload: { identifier: user.identifier, password: TEST_PASSWORD },
    });
    expect(fromOther.statusCode).toBe(429);
  });
});

describe("behind a declared proxy (TRUST_PROXY=1)", () => {
  it("reads the client address from the proxy's X-Forwarded-For", async () => {
    const ctx = await createTestApp({ config: { trustProxy: 1 }, throttle: { maxPerAccount: 2 } });
    try {
      const user = await buildUser(ctx.handle.db, "CC");
      const from = (ip: string) => login(ctx, user.identifier, "mauvais", { "x-forwarded-for": ip });
      expect([(await from("198.51.100.1")).statusCode, (await from("198.51.100.1")).statusCode]).toEqual([401, 401]);
      expect((await from("198.51.100.1")).statusCode).toBe(429);
      // Another client behind the same proxy has its own per-address counter.
      expect((await from("198.51.100.2")).statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });
});

describe("accounts behind one shared address", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ throttle: { maxPerAccount: 3, maxPerAddress: 6 } });
  });
  afterAll(() => ctx.close());

  it("keeps a user who signed in from this address before working while someone sprays other accounts", async () => {
    const regular = await buildUser(ctx.handle.db, "CC");
    expect((await login(ctx, regular.identifier, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) await login(ctx, `inconnu-${i}@x.fr`, "mauvais");
    const sprayer = await login(ctx, "encore@x.fr", "mauvais");
    expect(sprayer.statusCode).toBe(429);
    expect((await login(ctx, regular.identifier, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("forgot-password and sign-in counters", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ throttle: { maxPerAccount: 3, maxPerAddress: 6 } });
  });
  afterAll(() => ctx.close());

  it("gives forgot-password its own counter: asking for links never locks anyone out of signing in", async () => {
    const user = await buildUser(ctx.handle.db, "RH");
    const answers = [];
    for (let i = 0; i < 25; i++) {
      answers.push(
        await ctx.app.inject({ method: "POST", url: "/auth/forgot-password", payload: { identifier: `x${i}@x.fr` } }),
      );
    }
    expect(answers.at(-1)?.statusCode).toBe(429);
    expect((await login(ctx, user.identifier, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("sends at most three links an hour for one identifier", async () => {
    const user = await buildUser(ctx.handle.db, "CPI", { email: "cpi-reset@test.fr" });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const answer = await ctx.app.inject({
        method: "POST",
        url: "/auth/forgot-password",
        payload: { identifier: user.identifier },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 200) expect(answer.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await ctx.app.background.settled();
    const mails = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.relatedId, user.id));
    expect(mails).toHaveLength(3);
  });

  it("checks the link before anything else, and throttles invalid links", async () => {
    const first = await ctx.app.inject({
      method: "POST",
      url: "/auth/reset-password",
      payload: { token: "faux-jeton", password: "court" },
    });
    // The link is refused before the password is even looked at (and hashed).
    expect(errorOf(first).message).toContain("n'est plus valide");
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const answer = await ctx.app.inject({
        method: "POST",
        url: "/auth/reset-password",
        payload: { token: `faux-jeton-${i}`, password: "Une-phrase-assez-longue" },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 9).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
  });
});

describe("sessions", () => {
  it("accepts a SESSION_TTL_HOURS that is not a whole number of seconds", async () => {
    const config = loadConfig({ SESSION_TTL_HOURS: "0.33333" });
    expect(config.sessionTtlMs % 1000).toBe(0);
    const ctx = await createTestApp({ config: { sessionTtlMs: config.sessionTtlMs } });
    try {
      const user = await buildUser(ctx.handle.db, "QSE");
      const response = await login(ctx, user.identifier, TEST_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.cookies.find((c) => c.name === "certidesk_session")?.maxAge).toBe(1200);
    } finally {
      await ctx.close();
    }
  });

  it("sends the browser a fresh cookie when the session is extended", async () => {
    const ctx = await createTestApp();
    try {
      const user = await buildUser(ctx.handle.db, "QSE");
      const session = await signIn(ctx, user.identifier);
      const quiet = await ctx.app.inject({ url: "/auth/me", headers: { cookie: session.cookie } });
      expect(quiet.cookies).toHaveLength(0);
      // Five minutes later (the clock of the session store, not the database's: the session was read and
      // kept in memory, and its last use is not a change the database announces).
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 });
      const active = await ctx.app.inject({ url: "/auth/me", headers: { cookie: session.cookie } });
      vi.useRealTimers();
      expect(active.statusCode).toBe(200);
      const cookie = active.cookies.find((c) => c.name === "certidesk_session");
      expect(cookie?.value).toBe(session.cookie.match(/certidesk_session=([^;]+)/)?.[1]);
      expect(cookie?.maxAge).toBe(ctx.config.sessionTtlMs / 1000);
      expect(cookie?.httpOnly).toBe(true);
      expect(active.cookies.find((c) => c.name === "certidesk_csrf")?.value).toBe(session.csrf);
    } finally {
      vi.useRealTimers();
      await ctx.close();
    }
  });
});

describe("sliding expiry of a session kept in memory", () => {
  it("writes the expiry again once its last write is a minute old, though the session is kept", async () => {
    const ctx = await createTestApp();
    try {
      const user = await buildUser(ctx.handle.db, "QSE");
      const session = await signIn(ctx, user.identifier);
      const signedInAt = Date.now();
      const at = (seconds: number) => {
        vi.useFakeTimers({ toFake: ["Date"], now: signedInAt + seconds * 1000 });
      };
      const me = () => ctx.app.inject({ url: "/auth/me", headers: { cookie: session.cookie } });
      // 50 s after sign-in: read from the database and kept (its last write, the sign-in, is recent).
      at(50);
      expect((await me()).cookies).toHaveLength(0);
      // 70 s: still kept (read 20 s ago), but written 70 s ago: written again, and the cookie follows.
      at(70);
      const extended = await me();
      expect(extended.statusCode).toBe(200);
      expect(extended.cookies.find((c) => c.name === "certidesk_session")?.maxAge).toBe(ctx.config.sessionTtlMs / 1000);
      // Right after, the new write is recent: nothing more to send.
      at(71);
      expect((await me()).cookies).toHaveLength(0);
    } finally {
      vi.useRealTimers();
      await ctx.close();
    }
  });
});

describe("password policy on every form", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("refuses short, common, repetitive, personal and control-character passwords with a French reason", async () => {
    const target = await buildUser(ctx.handle.db, "CC", { firstName: "Anne", lastName: "Martin" });
    const own = await signIn(ctx, target.identifier);
    const cases: Array<[string, RegExp]> = [
      ["12345678", /au moins 12 caractères/],
      ["password", /au moins 12 caractères/],
      ["            ", /trop répétitif/],
      ["\u0000".repeat(12), /caractères de contrôle/],
      ["Password1234", /plus courants/],
      ["P@ssw0rd-2026!", /plus courants/],
      ["Motdepasse2026", /plus courants/],
      ["azertyuiop123", /plus courants/],
      ["123456789012", /plus courants/],
      ["Anne-Martin-2026", /votre nom/],
    ];
    for (const [password, reason] of cases) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/auth/change-password",
        headers: own.bearer,
        payload: { currentPassword: TEST_PASSWORD, newPassword: password },
      });
      expect(response.statusCode, password).toBe(400);
      expect(errorOf(response).message, password).toMatch(reason);
    }
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/auth/change-password",
      headers: own.bearer,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "Trois-pommes-sur-la-table" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
