import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { SYSTEM_ACTOR } from "../src/lib/actor.js";
import { isDatabaseUnavailable } from "../src/lib/db-errors.js";
import { enqueueMail } from "../src/modules/mail/index.js";
import { buildUser } from "./factories.js";
import { type Session, signIn } from "./session.js";
import { startSmtpServer } from "./smtp-test-server.js";
import { startTcpProxy } from "./tcp-proxy.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * The database cut under a running server, for real, in the two ways it happens: the network between them
 * (a TCP relay dropped then given back: connections reset, new ones refused) and the database itself
 * (new connections refused by ALLOW_CONNECTIONS false, every open one terminated). PGlite lives inside the
 * process and cannot be cut: without TEST_DATABASE_URL this file is skipped; CI runs it in its PostgreSQL step.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.info("database-outage.test.ts ignoré : il faut PostgreSQL (TEST_DATABASE_URL) pour couper la base.");

const ENGLISH = /\b(the|is|error|failed|connection|terminated|timeout|refused)\b/i;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Retries `probe` until it holds (the change feed reconnects with a growing delay), at most `ms`. */
async function eventually(probe: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

function expectUnavailable(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label} ${response.body.slice(0, 200)}`).toBe(503);
  expect(response.headers["retry-after"], label).toMatch(/^\d+$/);
  const { error } = response.json() as { error: { code: string; message: string; requestId: string } };
  expect(error.code, label).toBe("SERVICE_UNAVAILABLE");
  expect(error.message, label).toMatch(/base de données/);
  expect(error.message, label).not.toMatch(ENGLISH);
  expect(error.requestId, label).toBeTruthy();
}

describe.skipIf(!adminUrl)("the database out of reach (TEST_DATABASE_URL)", () => {
  let base: TestContext;
  let ctx: TestContext;
  let viaProxy: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dir: Session;
  let evaluator: Session;
  let auditorId: string;
  let database = "";
  const health = () => ctx.app.inject({ method: "GET", url: "/health" });
  const healthy = async () => {
    const answer = await health();
    return answer.statusCode === 200 && (answer.json() as { down: string[] }).down.length === 0;
  };
  /** 503, and the change feed's connection seen lost too (from then on no session is kept in memory). */
  const seenDown = async () => {
    const answer = await health();
    return answer.statusCode === 503 && JSON.stringify(answer.json()).includes("changeFeed");
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A fresh database, and the server under test reaching it through the relay.
    base = await createTestApp();
    const [row] = await base.handle.queryRaw<{ name: string }>("select current_database() as name");
    database = row?.name ?? "";
    const url = new URL(adminUrl ?? "");
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${database}`;
    viaProxy = await openDatabase({ databaseUrl: url.toString() });
    ctx = await createTestApp({ config: { smtpUrl: smtp.url }, handle: viaProxy });
    dir = await signIn(ctx, (await buildUser(ctx.handle.db, "DIR")).identifier);
    const auditorUser = await buildUser(ctx.handle.db, "AUDITEUR");
    auditorId = auditorUser.auditorId ?? "";
    evaluator = await signIn(ctx, auditorUser.identifier);
  });
  afterAll(async () => {
    await proxy?.restore();
    if (database) await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    await ctx?.close();
    await viaProxy?.close();
    await proxy?.close();
    await base?.close();
    await smtp?.close();
  });

  it("network cut: 503 with Retry-After and a French message on every call, then recovery without a restart", async () => {
    const link = await ctx.app.inject({
      method: "GET",
      url: `/api/auditors/${auditorId}/calendar-link`,
      headers: evaluator.bearer,
    });
    const calendarPath = new URL((link.json() as { url: string }).url).pathname;
    const subject = `Apres la panne ${Date.now()}`; // ASCII: an accented subject is encoded in the raw mail
    await enqueueMail(ctx.handle.db, SYSTEM_ACTOR, { to: ["essms@exemple.fr"], subject, body: "Bonjour" });
    expect((await health()).json()).toEqual({ status: "ok", database: "postgres", down: [] });

    await proxy.cut();
    try {
      await eventually(seenDown);
      const down = await health();
      expectUnavailable(down, "GET /health");
      expect((down.json() as { error: { details: unknown } }).error.details).toEqual({
        database: "postgres",
        down: ["database", "changeFeed"],
      });

      // Every route of the table with a session: its lookup fails first (503, never 401 nor 500).
      const routes = ctx.app.routeAccess;
      expect(routes.length).toBeGreaterThan(100);
      for (const route of routes) {
        const response = await ctx.app.inject({
          method: route.method as "GET",
          url: route.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000"),
          headers: dir.bearer,
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        expectUnavailable(response, `${route.method} ${route.url}`);
      }
      // The web app's session (cookie and CSRF header) the same.
      expectUnavailable(await ctx.app.inject({ method: "GET", url: "/auth/me", headers: dir.browser }), "cookie");
      // The public calls, which reach the database in their own code.
      const anonymous: Array<{ method: "GET" | "POST"; url: string; payload?: object }> = [
        { method: "POST", url: "/auth/login", payload: { identifier: "dir@exemple.fr", password: "x".repeat(12) } },
        { method: "POST", url: "/auth/forgot-password", payload: { identifier: "dir@exemple.fr" } },
        {
          method: "POST",
          url: "/auth/reset-password",
          payload: { token: "a".repeat(43), password: "Mot de passe 2026 !" },
        },
        { method: "GET", url: "/configuration/getConfiguration" },
        { method: "GET", url: calendarPath },
      ];
      for (const call of anonymous) expectUnavailable(await ctx.app.inject(call), `${call.method} ${call.url}`);

      // The mail worker and the periodic jobs live through it (their failure is logged, not thrown).
      await expect(ctx.app.mailWorker.processDue()).resolves.toBe(0);
      await expect(ctx.app.invoiceReminders.runOnce()).resolves.toBeUndefined();
      expect(smtp.received.some((m) => m.raw.includes(subject))).toBe(false);
    } finally {
      await proxy.restore();
    }

    // The same server: the pool opens new connections, the change feed listens again.
    await eventually(healthy);
    for (const headers of [dir.bearer, dir.browser]) {
      const me = await ctx.app.inject({ method: "GET", url: "/auth/me", headers });
      expect(me.statusCode, me.body).toBe(200);
    }
    const list = await ctx.app.inject({ method: "GET", url: "/api/missions", headers: dir.bearer });
    expect(list.statusCode, list.body).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: calendarPath })).statusCode).toBe(200);
    await expect(ctx.app.mailWorker.processDue()).resolves.toBe(1);
    expect(smtp.received.filter((m) => m.raw.includes(subject))).toHaveLength(1);
  }, 60_000);

  it("database closed: connections terminated, even one inside a transaction (no crash), then recovery", async () => {
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const transaction = ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await paused; // the connection is lent out, idle in its transaction, when the database goes
      await tx.execute(sql`select 2`);
    });
    const failure = transaction.then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((r) => setTimeout(r, 50));
    await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
    try {
      // The terminated connection's 'error' event reaches a listener (an unheard one ends the process).
      await eventually(seenDown);
      resume();
      expect(isDatabaseUnavailable(await failure)).toBe(true);
      expectUnavailable(await health(), "GET /health");
      expectUnavailable(await ctx.app.inject({ method: "GET", url: "/auth/me", headers: dir.bearer }), "/auth/me");
      const login = { identifier: "dir@exemple.fr", password: "x".repeat(12) };
      expectUnavailable(await ctx.app.inject({ method: "POST", url: "/auth/login", payload: login }), "login");
    } finally {
      await admin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    }
    await eventually(healthy);
    expect((await ctx.app.inject({ method: "GET", url: "/auth/me", headers: dir.bearer })).statusCode).toBe(200);
  });
});
