import { describe, expect, it } from "vitest";
import { createWorkLimiter } from "./work-limiter.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("work limiter (bounded password hashing)", () => {
  it("runs at most `concurrency` tasks, serves the priority lane first, refuses a long ordinary queue", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxQueued: 2 });
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const task = (name: string) => async () => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      order.push(name);
      running--;
      return name;
    };
    const first = limiter.run(task("first"));
    const flood = [limiter.run(task("flood-1")), limiter.run(task("flood-2"))];
    const refused = limiter.run(task("flood-3"));
    const real = limiter.run(task("real"), "priority");
    await expect(refused).rejects.toMatchObject({ statusCode: 503, code: "SERVICE_UNAVAILABLE" });
    await Promise.all([first, real, ...flood]);
    expect(peak).toBe(1);
    expect(order).toEqual(["first", "real", "flood-1", "flood-2"]);
    expect(limiter.stats).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxQueued: 5 });
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limiter.run(async () => 42)).resolves.toBe(42);
    expect(limiter.stats.running).toBe(0);
  });
});
