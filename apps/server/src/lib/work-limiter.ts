import { AppError } from "./errors.js";

export interface WorkLimiterOptions {
  /** Tasks run at once. */
  concurrency: number;
  /** Ordinary tasks allowed to wait; past that they are refused at once (503) instead of piling up. */
  maxQueued: number;
}

/**
 * A small semaphore with two lanes. Password hashing (scrypt, 128 MB and ~0.5 s each) goes through it:
 * a flood of sign-ins cannot take all memory and CPU, and a "priority" task (someone signing in from
 * an address they already used) is served before the flood's ordinary ones.
 */
export function createWorkLimiter({ concurrency, maxQueued }: WorkLimiterOptions) {
  let running = 0;
  const priority: Array<() => void> = [];
  const ordinary: Array<() => void> = [];
  const next = () => {
    const start = priority.shift() ?? ordinary.shift();
    if (start) start();
  };
  return {
    async run<T>(task: () => Promise<T>, lane: "priority" | "ordinary" = "ordinary"): Promise<T> {
      if (running >= concurrency) {
        const queue = lane === "priority" ? priority : ordinary;
        if (lane === "ordinary" && ordinary.length >= maxQueued) {
          throw new AppError(503, "SERVICE_UNAVAILABLE", "Le service est très sollicité. Réessayez dans un instant.");
        }
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiting task, or is freed.
        if (priority.length || ordinary.length) next();
        else running--;
      }
    },
    get stats() {
      return { running, waiting: priority.length + ordinary.length };
    },
  };
}
export type WorkLimiter = ReturnType<typeof createWorkLimiter>;
