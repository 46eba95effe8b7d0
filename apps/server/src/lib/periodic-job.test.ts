import { afterEach, describe, expect, it, vi } from "vitest";
import { createPeriodicJob } from "./periodic-job.js";

const log = { error: vi.fn() };

describe("periodic job", () => {
  afterEach(() => vi.useRealTimers());

  it("runs at start, or after the delay it is started with, then at each interval until stopped", async () => {
    vi.useFakeTimers();
    const now = vi.fn(async () => undefined);
    const delayed = vi.fn(async () => undefined);
    const a = createPeriodicJob(now, 10_000, log);
    const b = createPeriodicJob(delayed, 10_000, log);
    a.start();
    b.start(60_000);
    expect(now).toHaveBeenCalledTimes(1);
    expect(delayed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(delayed).not.toHaveBeenCalled();
    expect(now).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(delayed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(delayed).toHaveBeenCalledTimes(2);
    await a.stop();
    await b.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(delayed).toHaveBeenCalledTimes(2);
  });

  it("never starts the delayed first run once stopped", async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    const job = createPeriodicJob(task, 10 * 60_000, log);
    job.start(60_000);
    await job.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(task).not.toHaveBeenCalled();
  });
});
