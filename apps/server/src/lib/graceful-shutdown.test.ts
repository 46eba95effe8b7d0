import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { createShutdown } from "./graceful-shutdown.js";

/** A GET on a new connection (no agent: never a kept-alive socket), resolved with status and body. */
const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });

/** An app with a test route that waits for `release` before reading the database and answering. */
async function appWithSlowRoute(onDone: () => void = () => {}) {
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ctx = await createTestApp({
    routes: (app) =>
      app.get("/test/slow", { config: { access: "public" } }, async () => {
        entered();
        await gate;
        // The database is still open: shutdown closes it only after the requests in flight.
        await ctx.handle.db.execute(sql`select 1`);
        onDone();
        return { done: true };
      }),
  });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return { ctx, port: (ctx.app.server.address() as AddressInfo).port, inside, release };
}

describe("graceful shutdown", () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it("stops accepting, finishes the request in flight with 200, stops the jobs, then closes the database and exits 0", async () => {
    const order: string[] = [];
    const slow = await appWithSlowRoute(() => order.push("slow request handled"));
    ctx = slow.ctx;
    const { app } = ctx;
    for (const [name, job] of [
      ["mail worker", app.mailWorker],
      ["mission reminders", app.missionReminders],
      ["invoice reminders", app.invoiceReminders],
    ] as const) {
      const stop = job.stop.bind(job);
      vi.spyOn(job, "stop").mockImplementation(async () => {
        order.push(`${name} stopped`);
        await stop();
      });
    }
    app.missionReminders.start();
    app.invoiceReminders.start();
    const exit = vi.fn();
    const shutdown = createShutdown({
      app,
      closeDatabase: async () => {
        order.push("database closed");
      },
      timeoutMs: 10_000,
      exit,
    });

    const inFlight = get(slow.port, "/test/slow");
    await slow.inside;
    const done = shutdown("SIGTERM");
    // A second signal (Ctrl-C pressed twice) joins the same shutdown.
    expect(shutdown("SIGINT")).toBe(done);
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    await expect(get(slow.port, "/health")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(exit).not.toHaveBeenCalled();

    slow.release();
    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await done;
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    // The request in flight first, then the jobs (Fastify's onClose hooks, in reverse order), then the database.
    expect(order).toEqual([
      "slow request handled",
      "invoice reminders stopped",
      "mission reminders stopped",
      "mail worker stopped",
      "database closed",
    ]);
  });

  it("waits for the handler of a request whose client hung up before closing the database", async () => {
    const order: string[] = [];
    const slow = await appWithSlowRoute(() => order.push("slow request handled"));
    ctx = slow.ctx;
    const exit = vi.fn();
    const shutdown = createShutdown({
      app: ctx.app,
      closeDatabase: async () => {
        order.push("database closed");
      },
      timeoutMs: 10_000,
      exit,
    });
    const request = http.get({ host: "127.0.0.1", port: slow.port, path: "/test/slow", agent: false });
    const hungUp = new Promise((resolve) => request.on("error", resolve));
    await slow.inside;
    request.destroy();
    await hungUp;
    const done = shutdown("SIGTERM");
    await vi.waitFor(() => expect(ctx?.app.server.listening).toBe(false));
    // Fastify has no connection left to wait for; the handler is still at its gate.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual([]);
    slow.release();
    await done;
    expect(order).toEqual(["slow request handled", "database closed"]);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it("forces the exit (code 1) when a request does not finish in time", async () => {
    const slow = await appWithSlowRoute();
    ctx = slow.ctx;
    const exit = vi.fn();
    const shutdown = createShutdown({ app: ctx.app, closeDatabase: async () => {}, timeoutMs: 200, exit });
    const inFlight = get(slow.port, "/test/slow").catch(() => null);
    await slow.inside;
    void shutdown("SIGTERM");
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), { timeout: 2_000 });
    slow.release();
    await inFlight;
  });
});
